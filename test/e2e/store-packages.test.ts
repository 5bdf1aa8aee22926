// `npm run zip`: the Chrome Web Store zip, the Firefox add-on zip and the sources zip Mozilla's review asks
// for. Each store zip holds exactly the build; the manifests carry what each store needs; the sources zip
// holds only project files (no node_modules, build output, hidden files, tests, or anything from outside
// the project) and rebuilds the Firefox add-on byte for byte, as a reviewer following the README would.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnv } from './support/build-env';

const ROOT = path.resolve(__dirname, '../..');
const OUT = path.join(ROOT, '.output');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const zipPath = (suffix: string) => path.join(OUT, `${pkg.name}-${pkg.version}-${suffix}.zip`);

interface Manifest {
  manifest_version: number;
  version: string;
  minimum_chrome_version?: string;
  background?: { service_worker?: string; scripts?: string[] };
  browser_specific_settings?: {
    gecko?: { id?: string; strict_min_version?: string; data_collection_permissions?: { required?: string[] } };
  };
}

const zips = new Map<'chrome' | 'firefox' | 'sources', JSZip>();
let rebuildDir: string;

/** Every file under `dir`, as zip entry names (forward slashes). */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

const fileNames = (zip: JSZip) =>
  Object.values(zip.files)
    .filter((f) => !f.dir)
    .map((f) => f.name)
    .sort();

async function manifestOf(zip: JSZip): Promise<Manifest> {
  return JSON.parse(await zip.file('manifest.json')!.async('string')) as Manifest;
}

/** The files a reviewer's checkout would hold: tracked and not-ignored untracked files. */
function projectFiles(): Set<string> {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return new Set(out.split('\0').filter(Boolean));
}

beforeAll(async () => {
  for (const suffix of ['chrome', 'firefox', 'sources'] as const) fs.rmSync(zipPath(suffix), { force: true });
  const run = spawnSync('npm', ['run', 'zip'], { cwd: ROOT, encoding: 'utf8', env: buildEnv() });
  if (run.status !== 0) throw new Error(`npm run zip failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  for (const suffix of ['chrome', 'firefox', 'sources'] as const) zips.set(suffix, await JSZip.loadAsync(fs.readFileSync(zipPath(suffix))));

  // The reviewer's rebuild: the sources unpacked into an empty folder, with this project's installed
  // packages (the same lock file) in place of `npm ci`, then the README's Firefox build.
  rebuildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-sources-'));
  for (const entry of Object.values(zips.get('sources')!.files)) {
    const target = path.join(rebuildDir, entry.name);
    if (entry.dir) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, await entry.async('nodebuffer'));
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(rebuildDir, 'node_modules'), 'dir');
  const build = spawnSync('npx', ['wxt', 'build', '-b', 'firefox'], { cwd: rebuildDir, encoding: 'utf8', env: buildEnv() });
  if (build.status !== 0) throw new Error(`the sources do not build (${build.status}):\n${build.stdout}\n${build.stderr}`);
}, 600_000);

afterAll(() => {
  if (rebuildDir) fs.rmSync(rebuildDir, { recursive: true, force: true });
});

describe('npm run zip', () => {
  it('packs the Chrome build as it is, with a Chrome manifest', async () => {
    const zip = zips.get('chrome')!;
    expect(fileNames(zip)).toEqual(filesUnder(path.join(OUT, 'chrome-mv3')));
    const manifest = await manifestOf(zip);
    expect(manifest).toMatchObject({ manifest_version: 3, version: pkg.version, minimum_chrome_version: '111', background: { service_worker: 'background.js' } });
    expect(manifest.browser_specific_settings).toBeUndefined();
  });

  it('packs the Firefox build as it is, with what addons.mozilla.org requires in its manifest', async () => {
    const zip = zips.get('firefox')!;
    expect(fileNames(zip)).toEqual(filesUnder(path.join(OUT, 'firefox-mv3')));
    const manifest = await manifestOf(zip);
    expect(manifest).toMatchObject({ manifest_version: 3, version: pkg.version, background: { scripts: ['background.js'] } });
    const gecko = manifest.browser_specific_settings?.gecko;
    // An add-on id is an email-like string or a GUID in braces.
    expect(gecko?.id).toMatch(/^(?:[\w.-]*@[\w.-]+|\{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\})$/i);
    // Required for new add-ons since November 2025: the extension sends nothing anywhere.
    expect(gecko?.data_collection_permissions).toEqual({ required: ['none'] });
    expect(Number(gecko?.strict_min_version?.split('.')[0])).toBeGreaterThanOrEqual(140);
  });

  it("ships a page hook that cannot evaluate a string: it runs under the page's own policy, where an eval or a Function call is a violation the site is told of", async () => {
    // The name used as a value (not as `Function.prototype…`): a call, or an alias to call later, as
    // zod's probe for eval is minified (`const e=Function;return new e("")`).
    const asValue = /(?<![.\w$])(?:eval|Function)(?![.\w$])/;
    expect(['try{const e=Function;return new e(""),!0}', 'eval(s)', 'x=new Function("a")'].filter((code) => !asValue.test(code))).toEqual([]);
    expect(asValue.test('const c=Function.prototype.call;"Function.prototype.toString"')).toBe(false);
    for (const store of ['chrome', 'firefox'] as const) {
      expect(await zips.get(store)!.file('content-scripts/page-hook.js')!.async('string'), store).not.toMatch(asValue);
    }
  });

  it('makes a sources zip of project files only', () => {
    const names = fileNames(zips.get('sources')!);
    const project = projectFiles();
    expect(names.filter((n) => !project.has(n))).toEqual([]);
    expect(names.filter((n) => /(^|\/)(node_modules|\.output|\.wxt)\//.test(n) || /(^|\/)\./.test(n))).toEqual([]);
    expect(names.filter((n) => /\.test\.tsx?$|^test\/|\/testdata\//.test(n))).toEqual([]);
    for (const needed of ['package.json', 'package-lock.json', 'tsconfig.json', 'wxt.config.ts', 'README.md', 'entrypoints/background.ts']) {
      expect(names).toContain(needed);
    }
  });

  it('rebuilds the Firefox add-on byte for byte from the sources zip', async () => {
    const zip = zips.get('firefox')!;
    const rebuilt = path.join(rebuildDir, '.output/firefox-mv3');
    expect(filesUnder(rebuilt)).toEqual(fileNames(zip));
    for (const name of fileNames(zip)) {
      expect(fs.readFileSync(path.join(rebuilt, name)).equals(await zip.file(name)!.async('nodebuffer')), name).toBe(true);
    }
  });
});
