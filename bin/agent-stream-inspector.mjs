#!/usr/bin/env node
// The `agent-stream-inspector` command: runs the built CLI (dist/, made by `npm run build:package`,
// and by `npm pack` before packing). In a clone of the repository that has not built it, it runs the
// TypeScript source through tsx (a development dependency), so `npx agent-stream-inspector` works there.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.js', import.meta.url);
const source = new URL('../src/cli/run.ts', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else if (existsSync(source)) {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write('agent-stream-inspector: not built yet; run `npm run build:package`\n');
    process.exit(3);
  }
  register();
  await import(source.href);
} else {
  process.stderr.write('agent-stream-inspector: dist/cli.js is missing from this installation\n');
  process.exit(3);
}
