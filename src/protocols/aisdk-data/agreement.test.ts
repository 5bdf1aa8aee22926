// @vitest-environment node
// The fold against the v4 client. ai ≥ 5 dropped the v4 data stream reader (the installed ai 6.x only reads
// the UI message stream) and ai 4.x cannot be installed beside this project (it needs zod 3 as a peer), so
// the client's results were recorded from ai@4.3.16 itself (reference-client-v4.ts) and each stream is
// folded here and compared with them; the tests after that check the semantics documented for
// ai@4.3.16 (spec: other-protocols.md §5.2, "Accumulation" and "Rules").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GroupItem, ViewModel } from '../../model/view';
import { flatItems, reasoningOf, textsOf, toolsOf } from '../aisdk-ui/testing';
import { parseLine } from './parse-line';
import { v4ClientResults, type V4Recorded, type V4Tool } from './reference-client-v4';
import { DATA_STREAM_PARTS, type DataStreamCode } from './schema';
import { runLines } from './testing';

describe('the installed ai package', () => {
  it('has no v4 data stream reader to compare with', async () => {
    const ai = await import('ai');
    const names = Object.keys(ai);
    for (const gone of ['processDataStream', 'parseDataStreamPart', 'formatDataStreamPart', 'processChatResponse']) {
      expect(names).not.toContain(gone);
    }
    expect(names).toContain('readUIMessageStream');
  });
});

const testdata = path.resolve(__dirname, 'testdata');
const linesOf = (c: V4Recorded): string[] =>
  c.file ? readFileSync(path.join(testdata, c.file), 'utf8').split('\n').filter((l) => l !== '') : (c.lines ?? []);

/** Our view in the shape the v4 client gives its message parts. */
function asClientParts(view: ViewModel): Pick<V4Recorded, 'texts' | 'reasoning' | 'tools'> {
  const tools = toolsOf(view)
    .filter((t) => !t.orphanResult)
    .map((t): V4Tool => {
      if (t.status === 'success') return { toolCallId: t.toolId, toolName: t.name, state: 'result', args: t.input, result: t.result };
      if (t.input !== undefined) return { toolCallId: t.toolId, toolName: t.name, state: 'call', args: t.input };
      return { toolCallId: t.toolId, toolName: t.name, state: 'partial-call' };
    });
  return { texts: textsOf(view), reasoning: reasoningOf(view), tools };
}

describe('agreement with the v4 client (ai@4.3.16)', () => {
  it('covers every test data file', () => {
    const files = v4ClientResults.flatMap((c) => (c.file ? [c.file] : []));
    expect(files.sort()).toEqual(['invalid-bad-lines.txt', 'invalid-tool-result-orphan.txt', 'valid-multi-step.txt', 'valid-reasoning-sources.txt']);
  });

  for (const c of v4ClientResults) {
    const lines = linesOf(c);
    const label = c.file ?? c.name ?? '';
    const expected = { texts: c.texts, reasoning: c.reasoning, tools: c.tools };

    if (c.throwsAt === undefined) {
      it(`${label}: same parts, and no error`, () => {
        const { view, findings } = runLines(lines);
        expect(asClientParts(view)).toEqual(expected);
        expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
      });
      continue;
    }

    const at = c.throwsAt;
    it(`${label}: same parts up to the line the client throws on (${at})`, () => {
      expect(asClientParts(runLines(lines.slice(0, at)).view)).toEqual(expected);
    });

    if (lines[at]?.startsWith('3:')) {
      // The server's own error part: a well-formed stream the client ends by throwing its text. It is shown
      // as an error item and flagged (as a warning: the stream itself is not broken).
      it(`${label}: shows the thrown text as an error item`, () => {
        const { view, findings } = runLines(lines);
        expect(flatItems(view.items).filter((i) => i.kind === 'error')).toMatchObject([{ message: c.error, frames: [at] }]);
        expect(findings.filter((f) => f.frames[0] === at).map((f) => f.rule)).toEqual(['aisdk/v4-error-part']);
      });
      continue;
    }

    it(`${label}: an error finding on the line the client throws on (${c.error ?? ''})`, () => {
      const { findings } = runLines(lines);
      expect(findings.filter((f) => f.severity === 'error' && f.frames[0] === at)).not.toEqual([]);
      expect(findings.filter((f) => f.severity === 'error' && (f.frames[0] ?? at) < at)).toEqual([]);
    });
  }
});

// The typical multi-step order of the spec: f: → g:* → 0:* → b: → c:* → 9: → a: → e:, then the next step, then d:.
const typical = [
  'f:{"messageId":"step-1"}',
  'g:"Need the weather."',
  '0:"Checking."',
  'b:{"toolCallId":"call-1","toolName":"weather"}',
  'c:{"toolCallId":"call-1","argsTextDelta":"{\\"city\\":\\"Hue\\"}"}',
  '9:{"toolCallId":"call-1","toolName":"weather","args":{"city":"Hue"}}',
  'a:{"toolCallId":"call-1","result":"rain"}',
  'e:{"finishReason":"tool-calls","usage":{"promptTokens":3,"completionTokens":4},"isContinued":false}',
  'f:{"messageId":"step-2"}',
  '0:"It rains in Hue."',
  'e:{"finishReason":"stop","usage":{"promptTokens":5,"completionTokens":6},"isContinued":false}',
  'd:{"finishReason":"stop","usage":{"promptTokens":8,"completionTokens":10}}',
];

describe('documented v4 accumulation', () => {
  const { view, findings } = runLines(typical);

  it('the typical order is clean', () => expect(findings).toEqual([]));

  it('0: appends to the current text part; e: resets it, so each step has its own text', () => {
    expect(textsOf(view)).toEqual(['Checking.', 'It rains in Hue.']);
  });

  it('g: appends to the current reasoning part', () => expect(reasoningOf(view)).toEqual(['Need the weather.']));

  it('b: creates a partial call, c: streams its args text, 9: gives the args, a: the result', () => {
    expect(toolsOf(view)).toMatchObject([
      { toolId: 'call-1', name: 'weather', inputText: '{"city":"Hue"}', input: { city: 'Hue' }, result: 'rain', status: 'success' },
    ]);
    const partial = runLines(typical.slice(0, 5), { finish: false }).view;
    expect(toolsOf(partial)).toMatchObject([{ status: 'pending', input: undefined, inputText: '{"city":"Hue"}' }]);
  });

  it('f: starts a step and e: finishes it', () => {
    const groups = flatItems(view.items).filter((i): i is GroupItem => i.kind === 'group');
    expect(groups.map((g) => [g.summary, g.done])).toEqual([
      ['Step 1', true],
      ['Step 1', true],
    ]);
  });

  it('d: sets usage', () => expect(view.usage).toEqual({ promptTokens: 8, completionTokens: 10 }));
});

describe('documented v4 rules', () => {
  const first = (lines: string[]) => runLines(lines).findings.filter((f) => f.severity === 'error').map((f) => f.rule);
  it('the client errors are error findings', () => {
    expect(first(['no colon here'])).toEqual(['aisdk/v4-no-separator']);
    expect(first(['q:1'])).toEqual(['aisdk/v4-unknown-code']);
    expect(first(['0:{"not":"a string"}'])).toEqual(['aisdk/v4-invalid-value']);
    expect(first(['a:{"toolCallId":"x","result":1}'])).toEqual(['aisdk/v4-tool-result-without-call']);
    expect(first(['c:{"toolCallId":"x","argsTextDelta":"{"}'])).toEqual(['aisdk/v4-tool-delta-without-start']);
  });
});

// A line written the way the v4 server formats parts (`${code}:${JSON.stringify(value)}\n`) parses back to the same part.
const values: Record<DataStreamCode, fc.Arbitrary<unknown>> = {
  '0': fc.string(),
  '2': fc.array(fc.jsonValue()),
  '3': fc.string(),
  '8': fc.array(fc.jsonValue()),
  '9': fc.record({ toolCallId: fc.string(), toolName: fc.string(), args: fc.dictionary(fc.string(), fc.jsonValue()) }),
  a: fc.record({ toolCallId: fc.string(), result: fc.jsonValue() }),
  b: fc.record({ toolCallId: fc.string(), toolName: fc.string() }),
  c: fc.record({ toolCallId: fc.string(), argsTextDelta: fc.string() }),
  d: fc.record({ finishReason: fc.constantFrom('stop', 'length', 'tool-calls', 'error'), usage: fc.record({ promptTokens: fc.nat(), completionTokens: fc.nat() }) }),
  e: fc.record({ finishReason: fc.constantFrom('stop', 'tool-calls'), isContinued: fc.boolean() }),
  f: fc.record({ messageId: fc.string() }),
  g: fc.string(),
  h: fc.record({ sourceType: fc.constant('url'), id: fc.string(), url: fc.webUrl(), title: fc.string() }),
  i: fc.record({ data: fc.string() }),
  j: fc.record({ signature: fc.string() }),
  k: fc.record({ data: fc.base64String(), mimeType: fc.constantFrom('image/png', 'text/plain') }),
};

describe('documented v4 line format', () => {
  it('round-trips every part type', () => {
    const part = fc.constantFrom(...(Object.keys(DATA_STREAM_PARTS) as DataStreamCode[])).chain((code) => values[code].map((value) => ({ code, value })));
    fc.assert(
      fc.property(part, ({ code, value }) => {
        const parsed = parseLine(`${code}:${JSON.stringify(value)}`);
        expect(parsed).toEqual({ ok: true, part: { code, value: JSON.parse(JSON.stringify(value)) as unknown } });
      }),
      { numRuns: 300 },
    );
  });
});
