// The published package.json has no `prepare` script. In a clone, `npm ci` runs `prepare` (`wxt
// prepare`: the extension's generated types); a consumer's npm runs `prepare` too when it installs the
// package from git or a directory, where wxt is not installed. So `prepack` ends with `strip`, which
// takes it out of package.json (npm reads the manifest it packs, and the `prepare` it would run while
// packing, after `prepack`), and `postpack` runs `restore`, which puts the file back byte for byte.
// A pack that failed between the two leaves the saved copy behind: the next `strip` restores it first.
// Plain JavaScript so it runs with nothing but Node.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const MANIFEST = 'package.json';
const SAVED = 'node_modules/.cache/agent-stream-inspector/package.json.before-pack';

async function saved() {
  try {
    return await readFile(SAVED, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Writes through a temporary file: a reader never sees half a package.json. */
async function writeManifest(text) {
  await writeFile(`${MANIFEST}.pack-tmp`, text);
  await rename(`${MANIFEST}.pack-tmp`, MANIFEST);
}

async function restore() {
  const text = await saved();
  if (text === undefined) return;
  await writeManifest(text);
  await rm(SAVED);
}

async function strip() {
  await restore();
  const text = await readFile(MANIFEST, 'utf8');
  const manifest = JSON.parse(text);
  if (manifest.scripts?.prepare === undefined) return;
  await mkdir(dirname(SAVED), { recursive: true });
  await writeFile(SAVED, text);
  delete manifest.scripts.prepare;
  await writeManifest(`${JSON.stringify(manifest, null, 2)}\n`);
}

const command = process.argv[2];
if (command === 'strip') await strip();
else if (command === 'restore') await restore();
else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore');
  process.exit(2);
}
