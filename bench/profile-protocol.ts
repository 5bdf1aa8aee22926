// Replays one protocol's bench fixture as fresh sessions, for profiling its pipeline:
// `node --import tsx --cpu-prof --cpu-prof-dir=DIR bench/profile-protocol.ts ag-ui [frames] [--built]`.
// `--built` runs the code bundled by esbuild, as the protocols bench's main column does (no tsx `__name` calls).
import { importBuilt } from './import-built';
import { protocols } from '../src/protocols/registry';
import type { ProtocolId } from '../src/protocols/types';

const args = process.argv.slice(2).filter((a) => a !== '--built');
const id = args[0] as ProtocolId;
if (!protocols.some((p) => p.id === id)) throw new Error(`unknown protocol ${args[0] ?? ''}`);
const bench = process.argv.includes('--built') ? await importBuilt<typeof import('./protocols.bench')>('./protocols.bench.ts') : await import('./protocols.bench');
const [r] = bench.benchProtocols(Number(args[1] ?? 300_000), 3, [id]);
console.log(r);
