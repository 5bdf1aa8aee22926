#!/usr/bin/env node
// The `agent-stream-inspector` command. Installed from npm it runs the built CLI (dist/cli.js, made by
// `npm pack`). In a clone of the repository it runs the TypeScript source through tsx (a development
// dependency), so what it runs is always the code in the tree, never a dist/ left from an earlier build.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/run.ts', import.meta.url);
const built = new URL('../dist/cli.js', import.meta.url);
let register;
if (existsSync(source)) {
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    // A clone without its development dependencies: fall back to a build if there is one.
  }
}
if (register) {
  register();
  await import(source.href);
} else if (existsSync(built)) {
  await import(built.href);
} else {
  process.stderr.write('agent-stream-inspector: not built; run `npm install` (a clone) or reinstall the package\n');
  process.exit(3);
}
