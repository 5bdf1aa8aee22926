// Regenerates docs/rules.md from the protocols' rule catalogues (`npm run docs:rules`).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The AG-UI rule cases share a module with that folder's tests, which reads the CommonJS `__dirname`
// (vitest provides it; Node's ES modules do not). Its value is not used for the document.
const scope = globalThis as { __dirname?: string };
scope.__dirname ??= fileURLToPath(new URL('.', import.meta.url));
const { rulesDocText } = await import('../src/analysis/rules-doc');

const target = fileURLToPath(new URL('../docs/rules.md', import.meta.url));
writeFileSync(target, rulesDocText());
console.log(`wrote ${target}`);
