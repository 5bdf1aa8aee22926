#!/usr/bin/env node
// The `agent-stream-inspector` command: runs the built CLI (dist/, made by `npm run build:package`,
// and by `npm pack` before packing).
try {
  await import('../dist/cli.js');
} catch (err) {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('dist/cli.js')) throw err;
  process.stderr.write('agent-stream-inspector: not built yet; run `npm run build:package` (or `npm run cli -- ARGS` to run from source)\n');
  process.exitCode = 3;
}
