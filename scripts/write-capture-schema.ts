// Regenerates docs/capture.schema.json from the zod schema of the capture file (`npm run schema`).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { captureSchemaText } from '../src/capture-format/capture-schema';

const target = fileURLToPath(new URL('../docs/capture.schema.json', import.meta.url));
writeFileSync(target, captureSchemaText());
console.log(`wrote ${target}`);
