import { defineConfig } from 'wxt';

// The extension's manifest and build. Entrypoints live in entrypoints/ and only wire src/ together.
export default defineConfig({
  manifest: {
    name: 'Agent Stream Inspector',
    description: 'See, render and check the AI agent streams a page receives, in a DevTools panel.',
    permissions: ['storage', 'tabs'],
    host_permissions: ['<all_urls>'],
    // 111 is the first Chrome that honours `world: "MAIN"` for manifest content scripts.
    minimum_chrome_version: '111',
  },
  vite: () => ({
    build: {
      rollupOptions: {
        // zod 4 ships /*#__PURE__*/ annotations in places rollup cannot use; the warning is noise.
        onwarn(warning, warn) {
          if (warning.code !== 'INVALID_ANNOTATION') warn(warning);
        },
      },
    },
  }),
});
