import { defineConfig } from 'wxt';
import { guardPageHook } from './scripts/guard-page-hook';
import { ignoreListPageHook } from './scripts/ignore-list-page-hook';

// The extension's manifest and build. Entrypoints live in entrypoints/ and only wire src/ together.
export default defineConfig({
  // MV3 for Firefox too: the page hook must run in the page's own world at document_start, and Firefox
  // honours `world: "MAIN"` on manifest content scripts from version 128. (An MV2 build
  // would have to inject a <script> from the isolated world, which runs after inline <head> scripts and
  // misses the sockets they open.)
  manifestVersion: 3,
  manifest: ({ browser }) => ({
    name: 'Agent Stream Inspector',
    description: 'See, render and check the AI agent streams a page receives, in a DevTools panel.',
    // webNavigation: a committed top-level navigation clears the tab's log (unless "preserve log" is on).
    permissions: ['storage', 'tabs', 'webNavigation'],
    host_permissions: ['<all_urls>'],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'agent-stream-inspector@local',
              // 128 runs MAIN-world manifest scripts; 140 (ESR) knows data_collection_permissions.
              strict_min_version: '140.0',
              // Nothing leaves the browser: captures stay in the extension until the user exports a file.
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {
          // 111 is the first Chrome that honours `world: "MAIN"` for manifest content scripts.
          minimum_chrome_version: '111',
          // Port messages as structured clones (Chrome 148+; older versions ignore the key and keep
          // JSON, as Firefox never used it): a payload crosses as its characters, where JSON wrote a
          // control character as six, on the page's own thread (the relay's port).
          message_serialization: 'structured_clone',
        }),
  }),
  // `npm run zip`: the store packages in .output/ (`wxt zip` builds first). The Firefox one comes with the
  // sources zip Mozilla's review asks for: what `npm ci && npm run build:firefox` needs to rebuild the
  // add-on, and nothing else. WXT already leaves out node_modules, hidden files, tests and .output/.
  zip: {
    excludeSources: [
      // Tests, their data and the tools around the extension (CLI, demo site, benchmarks, docs).
      'test/**',
      'bench/**',
      'demo/**',
      'examples/**',
      'docs/**',
      // scripts/ holds tools, except the build steps wxt.config.ts itself imports (guard-page-hook.ts, ignore-list-page-hook.ts).
      'scripts/build-package.mjs',
      'scripts/start.ts',
      'scripts/write-capture-schema.ts',
      'scripts/write-rules-doc.ts',

      'bin/**',
      'dist/**',
      'src/cli/**',
      'src/**/testdata/**',
      'src/**/testing/**',
      'src/**/test-support.ts',
      'src/**/test-helpers.ts',
      'src/**/testing.ts',
      'vitest.config.ts',
      'eslint.config.js',
      // What a local run leaves behind (.gitignore).
      'stats.html',
      '**/*.log',
      'tmp/**',
      'test-results/**',
    ],
  },
  vite: () => ({
    // Maps are made for every chunk but shipped for none, except the page hook's (see the plugin).
    plugins: [guardPageHook(), ignoreListPageHook()],
    build: {
      sourcemap: 'hidden',
      // ASI_NO_MINIFY=1: readable function names in the benches' profiles.
      minify: process.env.ASI_NO_MINIFY ? false : undefined,
      rollupOptions: {
        // zod 4 ships /*#__PURE__*/ annotations in places rollup cannot use; the warning is noise.
        onwarn(warning, warn) {
          if (warning.code !== 'INVALID_ANNOTATION') warn(warning);
        },
      },
    },
  }),
});
