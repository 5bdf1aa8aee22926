// `check --json FILE` the way it ran before files were analysed as they are read: the whole file is read
// into a Capture first. The readers bench runs it beside the CLI to compare peak memory.
import { toCheckResult } from '../src/api/check';
import { analyseFile } from '../src/cli/analyse';

const file = process.argv[2] as string;
const analysed = await analyseFile(file, undefined, { collect: true });
process.stdout.write(`${JSON.stringify(analysed.sessions.map((s) => toCheckResult(file, s)), null, 2)}\n`);
