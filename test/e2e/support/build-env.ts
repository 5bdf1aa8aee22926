// The environment for building the extension from a test process. The test runner sets NODE_ENV=test
// (and MODE, TEST, VITEST_*), which a child `wxt build` would inherit: Vite then bundles libraries'
// non-production code and the output differs from what `npm run build` and the store packages hold.
export function buildEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(NODE_ENV|MODE|TEST|VITEST.*)$/.test(key)));
}
