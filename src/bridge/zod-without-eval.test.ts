// zod reads its `jitless` setting as each object schema is made, so the module that sets it must be the
// first each extension entry point imports: a module imported before it that makes a schema would
// still try to compile its probe (which transparency.test.ts sees, for the relay, as an Issue of the page).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

/** The code of every context the built extension runs in, but the page hook (which must not load zod at all). */
const ENTRY_POINTS = [
  'entrypoints/relay.content.ts',
  'entrypoints/background.ts',
  'entrypoints/panel/main.tsx',
  'entrypoints/rules/main.tsx',
  'src/panel/compare/compare-worker.ts',
  'src/panel/import/import-worker.ts',
];

const firstImport = (file: string): string | undefined => /^import\s[^;]*?['"]([^'"]+)['"];?$/m.exec(fs.readFileSync(path.join(ROOT, file), 'utf8'))?.[1];

describe('zod without eval in the extension', () => {
  it.each(ENTRY_POINTS)('%s imports zod-without-eval first', (file) => {
    expect(firstImport(file)).toMatch(/\/bridge\/zod-without-eval$/);
  });

  it('lists every entry point the extension has (a new one must be added above)', () => {
    const entries = fs.readdirSync(path.join(ROOT, 'entrypoints'), { recursive: true, encoding: 'utf8' }).filter((f) => /(^|\/)(main\.tsx?|[\w-]+\.ts)$/.test(f) && !f.endsWith('.d.ts'));
    const workers = fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('-worker.ts'));
    const known = new Set([...ENTRY_POINTS, 'entrypoints/page-hook.content.ts', 'entrypoints/devtools/main.ts', 'entrypoints/panel/theme.ts']);
    expect([...entries.map((f) => `entrypoints/${f}`), ...workers.map((f) => `src/${f}`)].filter((f) => !known.has(f))).toEqual([]);
  });
});
