// The A2A page's script, bundled once per server by esbuild: the page runs `@a2a-js/sdk`'s client as
// a web front end would, from one ES module.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

let bundled: Promise<string> | undefined;

export function a2aPageScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL('./page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text);
  return bundled;
}
