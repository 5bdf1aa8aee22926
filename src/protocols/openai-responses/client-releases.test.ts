// The release client-releases.ts names as the newest it was measured against is the one installed: a
// newer openai may read what it says no release reads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { NEWEST_OPENAI } from './client-releases';

it('names the installed openai as the newest release measured', () => {
  // openai's exports leave out its package.json: read from the project's node_modules.
  const manifest = path.resolve(__dirname, '../../../node_modules/openai/package.json');
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  expect(version.split('.').slice(0, 2).join('.')).toBe(NEWEST_OPENAI);
});
