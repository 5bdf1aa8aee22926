// The process entry of the `agent-stream-inspector` bin: runs a command with the real stdout and stderr.
import { main } from './main';
import { closableWriter } from './closable-writer';

// A reader that stops early (`check … | head`) closes the pipe: the rest of the output is dropped and
// the command still ends with its own exit code, instead of an uncaught EPIPE.
const stdout = closableWriter(process.stdout);
const stderr = closableWriter(process.stderr);

// No top-level await: the bin runs this bundled as CommonJS (scripts/cli-bundle.mjs).
void main(process.argv.slice(2), { stdout, stderr }).then((code) => {
  process.exitCode = code;
});
