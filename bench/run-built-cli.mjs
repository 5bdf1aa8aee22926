// Runs dist/cli.cjs as the installed package's bin does (bin/load-cli.mjs), for bench/cli-startup.ts.
import { fileURLToPath } from 'node:url';
import { runCliBundle } from '../bin/load-cli.mjs';

runCliBundle(fileURLToPath(new URL('../dist/cli.cjs', import.meta.url)));
