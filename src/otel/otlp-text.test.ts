// @vitest-environment node
// The panel writes its OTLP export from the export file's text; `otel` reads the file as a stream.
// Both must write the same bytes for the same input and name.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/test-support';
import { otlpOfInputText } from './otlp-text';

describe('OTLP/JSON of an input read as text', () => {
  it.each(['examples/openai-tool-loop-broken.har', 'examples/flat-block-reload.har', 'examples/flat-block-broken.jsonl'])('equals what otel writes for %s', async (file) => {
    const r = await runCli(['otel', file]);
    expect(r.code).toBe(0);
    expect(otlpOfInputText(await readFile(file, 'utf8'), file)).toBe(r.stdout);
  });
});
