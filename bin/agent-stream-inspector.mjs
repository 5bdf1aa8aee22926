#!/usr/bin/env node
// The `agent-stream-inspector` command. Installed from npm it runs the built CLI (dist/cli.js, made by
// `npm pack`). In a clone of the repository it runs a bundle of the source kept in
// node_modules/.cache and rebuilt whenever a source file is newer (scripts/cli-bundle.mjs), so what it
// runs is always the code in the tree, never a dist/ left from an earlier build, and it starts without
// compiling TypeScript; without esbuild it runs the source through tsx.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/run.ts', import.meta.url);
const built = new URL('../dist/cli.js', import.meta.url);

async function fromSource() {
  try {
    const { freshCliBundle } = await import('../scripts/cli-bundle.mjs');
    const { pathToFileURL } = await import('node:url');
    return pathToFileURL(await freshCliBundle()).href;
  } catch {
    // No esbuild (a clone without its development dependencies) or a cache that cannot be written.
  }
  try {
    const { register } = await import('tsx/esm/api');
    register();
    return source.href;
  } catch {
    return undefined;
  }
}

const entry = (existsSync(source) ? await fromSource() : undefined) ?? (existsSync(built) ? built.href : undefined);
if (entry) await import(entry);
else {
  process.stderr.write('agent-stream-inspector: not built; run `npm install` (a clone) or reinstall the package\n');
  process.exit(3);
}
