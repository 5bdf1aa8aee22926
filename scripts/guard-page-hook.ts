// Build step: the page hook runs in the page's own world, where a script that ran first (another
// extension, an injected script) may have replaced any builtin, even a global such as `JSON` or
// `Reflect` with an accessor that throws when read. Nothing of ours may then throw into the page, and
// the bundle's module start-up runs before the entrypoint's `main()` and its try. So the whole bundle,
// module start-up and WXT's own wrapper included, runs inside one try inserted in the IIFE (after its
// "use strict"): whatever fails there ends quietly, and the relay, hearing nothing from the hook, says in
// the panel that capture is off on the page.
import type { WxtViteConfig } from 'wxt';
import { PAGE_HOOK_FILE } from './ignore-list-page-hook';

type Plugin = Extract<NonNullable<WxtViteConfig['plugins']>[number], { name: string }>;

/** The page hook's chunk (WXT: entrypoints/page-hook.content.ts → content-scripts/page-hook.js). */
const isPageHook = (chunk: { fileName: string }) => chunk.fileName === PAGE_HOOK_FILE;

export function guardPageHook(): Plugin {
  return {
    name: 'asi:guard-page-hook',
    apply: 'build',
    intro(chunk) {
      return isPageHook(chunk) ? 'try {' : '';
    },
    outro(chunk) {
      return isPageHook(chunk) ? '} catch {}' : '';
    },
  };
}
