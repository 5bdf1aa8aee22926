// Build step: the page hook runs in every page's own world, so DevTools would name it as the caller of
// every fetch and WebSocket (the Network panel's Initiator column, console stack traces) instead of
// the page's code. A source map inlined into the hook whose `x_google_ignoreList` covers all of its
// sources tells DevTools to skip the hook's frames, which leaves the page's own code on top. (Chrome's
// "ignore content scripts" setting does not apply: a MAIN-world script runs in the page's context.)
// Inline, because DevTools fetches a map URL with the page's rights, and the extension's files are not
// open to pages. The other chunks get no map at all.
import type { WxtViteConfig } from 'wxt';

/** A Vite plugin of the Vite that WXT builds with. */
type Plugin = Extract<NonNullable<WxtViteConfig['plugins']>[number], { name: string }>;

/** The page hook's output file (WXT: entrypoints/page-hook.content.ts). */
export const PAGE_HOOK_FILE = 'content-scripts/page-hook.js';

export function ignoreListPageHook(): Plugin {
  return {
    name: 'asi:ignore-list-page-hook',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type === 'asset' && fileName.endsWith('.map')) {
          delete bundle[fileName];
          continue;
        }
        if (item.type !== 'chunk' || !item.map) continue;
        if (fileName === PAGE_HOOK_FILE) {
          // Sources named from the project (or node_modules) down, so the build is byte for byte the
          // same wherever it runs (a symlinked node_modules would otherwise change the relative paths).
          const sources = item.map.sources.map(projectPath);
          const map = { ...item.map, sources, sourcesContent: undefined, x_google_ignoreList: sources.map((_, i) => i) };
          const base64 = Buffer.from(JSON.stringify(map)).toString('base64');
          item.code += `\n//# sourceMappingURL=data:application/json;base64,${base64}\n`;
        }
        item.map = null;
      }
    },
  };
}

/** `../../../../work/x/node_modules/a/b.js` → `node_modules/a/b.js`; `../../src/capture/x.ts` → `src/capture/x.ts`. */
function projectPath(source: string): string {
  const inModules = source.lastIndexOf('node_modules/');
  if (inModules >= 0) return source.slice(inModules);
  return source.replace(/^(\.\.\/)+/, '');
}
