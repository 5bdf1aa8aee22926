// The CLI as one self-contained CommonJS file (esbuild): what dist/cli.cjs ships, and what a clone's bin
// runs from a cache so it starts as fast as the installed package instead of compiling TypeScript on
// every run. CommonJS so the bin can compile it with a V8 code cache (bin/load-cli.mjs), which Node 20
// cannot do for an ES module. Plain JavaScript so the bin can load it with nothing but Node and the dev
// dependencies.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Imports left in the CLI bundle: `ws` bundled would leave its optional native helpers unresolved. */
export const CLI_EXTERNAL = ['ws'];

/**
 * zod's namespace re-exports every locale (about a third of the bundle), which the command line never
 * uses: it reports in English. Only `en` is kept, which is what zod configures itself with; less code to
 * compile at every start.
 */
const englishZodOnly = {
  name: 'english-zod-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/.test(args.importer) ? { path: join(dirname(args.importer), '../locales/en.js'), namespace: 'zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({ contents: `export { default as en } from ${JSON.stringify(args.path)};`, resolveDir: dirname(args.path) }));
  },
};

/** esbuild options for the CLI bundle (`outfile` or `outdir` is the caller's). */
export function cliBuildOptions() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const [major, minor] = /(\d+)\.(\d+)/.exec(pkg.engines.node).slice(1);
  return {
    absWorkingDir: ROOT,
    entryPoints: { cli: 'src/cli/run.ts' },
    bundle: true,
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    // `import()` of what stays outside (ws) becomes `require`: the bin's code-cached script has no loader for `import()`.
    supported: { 'dynamic-import': false },
    platform: 'node',
    target: `node${major}.${minor}`,
    external: CLI_EXTERNAL,
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    plugins: [englishZodOnly],
  };
}

/** Where a clone keeps its CLI bundle; under node_modules so every tool already ignores it. */
export const CACHED_CLI = join(ROOT, 'node_modules/.cache/agent-stream-inspector/cli.cjs');

/** Newest modification time of what the bundle is made of: the source tree (tests aside) and the package files. */
function newestInput() {
  let newest = 0;
  for (const file of ['package.json', 'package-lock.json', 'scripts/cli-bundle.mjs']) newest = Math.max(newest, mtime(join(ROOT, file)));
  for (const entry of readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, mtime(join(entry.parentPath, entry.name)));
  }
  return newest;
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The cached bundle of the CLI, rebuilt first when any source file is newer than it, so it always runs
 * the code in the tree. Written to a temporary name and renamed, so runs started together never read a
 * half-written file.
 */
export async function freshCliBundle() {
  if (mtime(CACHED_CLI) > newestInput()) return CACHED_CLI;
  const { build } = await import('esbuild');
  mkdirSync(dirname(CACHED_CLI), { recursive: true });
  const temp = `${CACHED_CLI}.${process.pid}.tmp`;
  try {
    await build({ ...cliBuildOptions(), entryPoints: ['src/cli/run.ts'], outfile: temp });
    renameSync(temp, CACHED_CLI);
  } finally {
    rmSync(temp, { force: true });
  }
  return CACHED_CLI;
}
