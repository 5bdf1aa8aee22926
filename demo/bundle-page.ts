// One way to turn a page's TypeScript into the ES module the page loads: esbuild bundles it with every
// package it imports (the official clients: `@a2a-js/sdk`, the MCP and LangGraph SDKs, `@google/genai`,
// `openai`, …) for Chromium, the way a web front end ships them. The demo's pages and the browser tests'
// client pages both use it. The demo is not part of the published package (package.json `files`), and
// esbuild, a development tool, is loaded only when a page is first asked for.
import { fileURLToPath } from 'node:url';

const bundles = new Map<string, Promise<string>>();

/** The bundled script of `entry` (a path or a `file:` URL), built once per process. */
export function bundlePage(entry: string | URL): Promise<string> {
  const file = typeof entry === 'string' ? entry : fileURLToPath(entry);
  let bundle = bundles.get(file);
  if (!bundle) {
    bundle = build(file).catch((err: unknown) => {
      // A failed build (a syntax error while editing the demo) is tried again on the next request.
      bundles.delete(file);
      throw err;
    });
    bundles.set(file, bundle);
  }
  return bundle;
}

async function build(file: string): Promise<string> {
  const { build } = await import('esbuild');
  const out = await build({ entryPoints: [file], bundle: true, format: 'esm', platform: 'browser', target: 'chrome120', write: false, logLevel: 'silent' });
  return out.outputFiles[0]!.text;
}
