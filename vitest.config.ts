import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

const packageSelfAlias = [
  { find: /^agent-stream-inspector\/matchers$/, replacement: new URL('./src/matchers.ts', import.meta.url).pathname },
  { find: /^agent-stream-inspector$/, replacement: new URL('./src/index.ts', import.meta.url).pathname },
];

// Three projects: `unit` runs beside-the-code tests in happy-dom with WXT's in-memory fake browser;
// `package` installs the packed package into a fresh project; `browser` runs test/e2e/** in Node, driving Debian's Chromium with the built extension loaded.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'test/unit/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'examples/**/*.test.ts'],
          // Property and fuzz tests run thousands of cases; on two shared cores 5 s is too tight a limit.
          testTimeout: 30_000,
        },
        // The examples import the package by its name, as a project that installed it does.
        resolve: { alias: packageSelfAlias },
      },
      {
        test: {
          // npm pack of this clone installed into a fresh project: the package as users get it.
          name: 'package',
          environment: 'node',
          include: ['test/package/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
