// Imports a bench module the way the product ships its code: bundled by esbuild, without the `__name`
// calls tsx adds to every function it creates (keepNames). The panel's and the CLI's builds have none,
// and a fold built per session of a few frames pays them per session.
import { build, type BuildOptions } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const CACHE = path.resolve(import.meta.dirname, '../node_modules/.cache/agent-stream-inspector');

export async function importBuilt<T>(entry: string): Promise<T> {
  const source = path.resolve(import.meta.dirname, entry);
  return importBundle<T>(`bench-${path.basename(entry, '.ts')}`, {
    entryPoints: [source],
    // The module finds its files beside its source, not beside the bundle.
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(source).href) },
  });
}

/** Bundles with esbuild as importBuilt does (ESM for Node, packages left to node_modules) and imports the bundle; `name` names its file. */
export async function importBundle<T>(name: string, options: BuildOptions): Promise<T> {
  const outfile = path.join(CACHE, `${name}-${process.pid}.mjs`);
  await build({ bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'warning', ...options });
  try {
    return (await import(pathToFileURL(outfile).href)) as T;
  } finally {
    rmSync(outfile, { force: true });
  }
}
