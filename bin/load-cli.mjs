// Runs the CLI bundle (CommonJS, see scripts/cli-bundle.mjs) with a V8 code cache: compiling the
// bundle's 800 KB at every start was about a fifth of a short `check`. The cache is keyed by the
// bundle's content, since V8 checks little more than its length, and written once, after a run, so it
// holds the functions a command really compiled. It lives where tools keep theirs
// (node_modules/.cache/agent-stream-inspector): in a clone, its own node_modules; installed, the
// project's. Where it cannot be read or written, the CLI runs without one.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

function cacheDir() {
  const parent = dirname(PACKAGE_ROOT.replace(/[\\/]$/, ''));
  const modules = basename(parent) === 'node_modules' ? parent : join(PACKAGE_ROOT, 'node_modules');
  return join(modules, '.cache', 'agent-stream-inspector');
}

/** Runs the bundle at `file` as Node would run it as a CommonJS module. */
export function runCliBundle(file) {
  const source = readFileSync(file, 'utf8');
  const dir = cacheDir();
  // Named by the bundle's path and content: a rebuilt bundle replaces its own cache, not another bundle's.
  const prefix = `cli-${hash(file).slice(0, 8)}-`;
  const cacheFile = join(dir, `${prefix}${hash(source).slice(0, 20)}.v8`);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // none yet
  }
  // The bundle holds no `import()` (see cliBuildOptions): a script compiled from a code cache could not run one.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) process.once('exit', () => saveCache(script, dir, prefix, cacheFile));
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
}

const hash = (text) => createHash('sha1').update(text).digest('hex');

function saveCache(script, dir, prefix, cacheFile) {
  try {
    mkdirSync(dir, { recursive: true });
    // The caches of this bundle's earlier builds go; runs started together never read a half-written file.
    for (const name of readdirSync(dir)) if (name.startsWith(prefix) && name.endsWith('.v8') && join(dir, name) !== cacheFile) rmSync(join(dir, name), { force: true });
    const temp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temp, script.createCachedData());
    renameSync(temp, cacheFile);
  } catch {
    // A read-only install: the next run compiles again.
  }
}
