// Builds the extension once before the browser tests load it: the Chrome build always, the Firefox build
// when a Firefox test file is in the run (one build fewer when only Chromium tests were asked for).
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { buildEnv } from './support/build-env';

/** Whether this run includes a Firefox test file (when the run's file filters cannot be read: yes). */
async function runsFirefoxTests(project: TestProject): Promise<boolean> {
  // The file filters given on the command line; vitest keeps them on an internal field.
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  const specs = await project.vitest.globTestSpecifications(filters).catch(() => undefined);
  return specs === undefined || specs.some((s) => /[\\/]firefox[\w-]*\.test\.ts$/.test(s.moduleId));
}

export default async function setup(project: TestProject): Promise<void> {
  // The builds the stores get, not the test runner's NODE_ENV=test variant.
  const options = { stdio: 'inherit', env: buildEnv() } as const;
  execFileSync('npx', ['wxt', 'build', '-b', 'chrome'], options);
  if (await runsFirefoxTests(project)) execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], options);
}
