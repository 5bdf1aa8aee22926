#!/usr/bin/env node
// The `agent-stream-inspector` command. Installed from npm it runs the built CLI (dist/cli.cjs, made by
// `npm pack`). In a clone of the repository it runs a bundle of the source kept in
// node_modules/.cache and rebuilt whenever a source file is newer (scripts/cli-bundle.mjs), so what it
// runs is always the code in the tree, never a dist/ left from an earlier build, and it starts without
// compiling TypeScript; without esbuild it runs the source through tsx. Bundles run with a code cache
// (load-cli.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCliBundle } from './load-cli.mjs';

const source = new URL('../src/cli/run.ts', import.meta.url);
const built = fileURLToPath(new URL('../dist/cli.cjs', import.meta.url));

async function fromSource() {
  try {
    const { freshCliBundle } = await import('../scripts/cli-bundle.mjs');
    return { bundle: await freshCliBundle() };
  } catch {
    // No esbuild (a clone without its development dependencies) or a cache that cannot be written.
  }
  try {
    const { register } = await import('tsx/esm/api');
    register();
    return { module: source.href };
  } catch {
    return undefined;
  }
}

const entry = (existsSync(source) ? await fromSource() : undefined) ?? (existsSync(built) ? { bundle: built } : undefined);
if (entry?.bundle) runCliBundle(entry.bundle);
else if (entry?.module) await import(entry.module);
else {
  process.stderr.write('agent-stream-inspector: not built; run `npm install` (a clone) or reinstall the package\n');
  process.exit(3);
}
