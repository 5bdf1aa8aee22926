// Builds what the npm package ships: the CLI, the API and the matchers as JavaScript (esbuild, one ESM
// bundle per entry with shared chunks), and one declaration file per export (dts-bundle-generator).
// The bundles import only the packages in `dependencies`; the build fails if they would need another.
// Plain JavaScript so it runs with nothing but Node and the dev dependencies.
import { rm, writeFile, readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';
import { generateDtsBundle } from 'dts-bundle-generator';

const pkg = JSON.parse(await readFile('package.json', 'utf8'));
const [major, minor] = /(\d+)\.(\d+)/.exec(pkg.engines.node).slice(1);

// `--js-only` (the start-up benchmark) rebuilds the JavaScript and keeps the declarations of the last
// full build: they are the slow part.
const jsOnly = process.argv.includes('--js-only');
if (jsOnly) await Promise.all(['dist/chunks', 'dist/index.js', 'dist/matchers.js', 'dist/cli.js'].map((path) => rm(path, { recursive: true, force: true })));
else await rm('dist', { recursive: true, force: true });
const result = await build({
  entryPoints: { index: 'src/index.ts', matchers: 'src/matchers.ts', cli: 'src/cli/run.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: `node${major}.${minor}`,
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
});

const runtime = new Set([...Object.keys(pkg.dependencies ?? {}), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const packageOf = (path) => (path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0]);
const missing = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const imported of output.imports) if (imported.external && !runtime.has(packageOf(imported.path)) && !runtime.has(imported.path)) missing.add(imported.path);
}
if (missing.size > 0) {
  console.error(`build-package: the bundles import packages that are not in "dependencies": ${[...missing].join(', ')}`);
  process.exit(1);
}

if (jsOnly) process.exit(0);

const entries = ['src/index.ts', 'src/matchers.ts'];
const declarations = generateDtsBundle(
  entries.map((filePath) => ({ filePath, output: { noBanner: true } })),
  { preferredConfigPath: 'tsconfig.package.json' },
);
await Promise.all(entries.map((entry, i) => writeFile(entry.replace(/^src\/(.*)\.ts$/, 'dist/$1.d.ts'), declarations[i])));
console.log(`build-package: ${Object.keys(result.metafile.outputs).length} files in dist/, declarations for ${entries.length} exports`);
