// The process entry of the `agent-stream-inspector` bin: runs a command with the real stdout and stderr.
import { main } from './main';

// No top-level await: the bin runs this bundled as CommonJS (scripts/cli-bundle.mjs).
void main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then((code) => {
  process.exitCode = code;
});
