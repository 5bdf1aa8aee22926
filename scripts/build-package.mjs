// Builds what the npm package ships: the API and the matchers as ESM bundles with shared chunks, the CLI
// as one self-contained file (esbuild), and one declaration file per export (dts-bundle-generator).
// The build fails if a bundle imports anything the installed package could not resolve.
// Plain JavaScript so it runs with nothing but Node and the dev dependencies.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';
import { generateDtsBundle } from 'dts-bundle-generator';
import { CLI_EXTERNAL, cliBuildOptions } from './cli-bundle.mjs';

const pkg = JSON.parse(await readFile('package.json', 'utf8'));
const [major, minor] = /(\d+)\.(\d+)/.exec(pkg.engines.node).slice(1);

// `--js-only` (the start-up benchmark) rebuilds the JavaScript and keeps the declarations of the last
// full build: they are the slow part.
const jsOnly = process.argv.includes('--js-only');
if (jsOnly) await Promise.all(['dist/chunks', 'dist/index.js', 'dist/matchers.js', 'dist/cli.js', 'dist/cli.cjs', 'dist/cli-licenses.txt'].map((path) => rm(path, { recursive: true, force: true })));
else await rm('dist', { recursive: true, force: true });
const common = { outdir: 'dist', bundle: true, format: 'esm', platform: 'node', target: `node${major}.${minor}`, metafile: true, logLevel: 'warning' };

// The API and the matchers: shared chunks, dependencies left as imports (they are the package's
// `dependencies`, so a project shares them).
const api = await build({
  ...common,
  entryPoints: { index: 'src/index.ts', matchers: 'src/matchers.ts' },
  splitting: true,
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
});

// The CLI: one file with its dependencies inside, so start-up reads and compiles one module instead of
// resolving every file of zod and the AG-UI schemas (about a quarter of its CPU time). The same bundle a
// clone's bin runs (scripts/cli-bundle.mjs).
const cli = await build({ ...cliBuildOptions(), outdir: 'dist', metafile: true });

const runtime = new Set([...Object.keys(pkg.dependencies ?? {}), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const packageOf = (path) => (path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0]);
const missing = new Set();
for (const [file, output] of [...Object.entries(api.metafile.outputs), ...Object.entries(cli.metafile.outputs)]) {
  for (const imported of output.imports) {
    const allowed =
      file === 'dist/cli.cjs'
        ? builtinModules.includes(imported.path.replace(/^node:/, '')) || CLI_EXTERNAL.includes(packageOf(imported.path))
        : runtime.has(packageOf(imported.path));
    if (imported.external && !allowed) missing.add(`${imported.path} (in ${file})`);
  }
}
if (missing.size > 0) {
  console.error(`build-package: imports that the installed package could not resolve: ${[...missing].join(', ')}`);
  process.exit(1);
}
await writeFile('dist/cli-licenses.txt', await bundledLicences(cli.metafile));

if (jsOnly) process.exit(0);

const entries = ['src/index.ts', 'src/matchers.ts'];
const declarations = generateDtsBundle(
  entries.map((filePath) => ({ filePath, output: { noBanner: true } })),
  { preferredConfigPath: 'tsconfig.package.json' },
);
await Promise.all(entries.map((entry, i) => writeFile(entry.replace(/^src\/(.*)\.ts$/, 'dist/$1.d.ts'), declarations[i])));
console.log(`build-package: ${Object.keys(api.metafile.outputs).length + 1} files in dist/, declarations for ${entries.length} exports`);

/** The licence of every package bundled into the CLI, as their licences ask when they are copied. */
async function bundledLicences(metafile) {
  const dirs = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const at = input.lastIndexOf('node_modules/');
    // A plugin's virtual module (`namespace:path`) stands for files that are inputs themselves.
    if (at < 0 || /^[a-z-]+:/.test(input)) continue;
    const rest = input.slice(at + 'node_modules/'.length).split('/');
    dirs.add(input.slice(0, at) + 'node_modules/' + rest.slice(0, rest[0].startsWith('@') ? 2 : 1).join('/'));
  }
  const parts = [];
  for (const dir of [...dirs].sort()) {
    const meta = JSON.parse(await readFile(`${dir}/package.json`, 'utf8'));
    const file = (await readdir(dir)).find((name) => /^licen[cs]e(\.(md|txt))?$/i.test(name));
    if (!file) throw new Error(`build-package: ${meta.name} has no licence file to ship with dist/cli.cjs`);
    parts.push(`== ${meta.name} ${meta.version} (${meta.license}) ==\n\n${(await readFile(`${dir}/${file}`, 'utf8')).trim()}\n`);
  }
  return `dist/cli.cjs bundles these packages:\n\n${parts.join('\n')}`;
}
