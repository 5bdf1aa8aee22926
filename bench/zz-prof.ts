import { importBuilt } from './import-built';
const bench = await importBuilt<typeof import('./protocols.bench')>('./protocols.bench.ts');
const r = bench.benchRecording('ag-ui', `src/protocols/ag-ui/testdata/${process.argv[2]}`, 300_000, 3);
console.log(r.ratio);
