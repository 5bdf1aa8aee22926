import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GroupItem, RawItem, TextItem } from '../../model/view';
import { flatItems, reasoningOf, run, textsOf, toolsOf } from '../aisdk-ui/testing';
import { aisdkDataProtocol } from './index';
import { lineFrames, runBody, runLines } from './testing';

const testdata = (name: string) => readFileSync(path.resolve(__dirname, 'testdata', name), 'utf8');

describe('aisdk-data fold: a tool call over two steps', () => {
  const { view, findings } = runBody(testdata('valid-multi-step.txt'));

  it('reports nothing', () => expect(findings).toEqual([]));

  it('groups each step, keeps text outside, and marks the answer final', () => {
    expect(view.items.map((i) => i.kind)).toEqual(['text', 'group', 'text']);
    const [t1, g, t2] = view.items as [TextItem, GroupItem, TextItem];
    expect(t1).toMatchObject({ text: 'Let me look that up.', brand: true, final: false, frames: [1, 2] });
    expect(g).toMatchObject({ summary: 'Step 1', done: true, open: false });
    expect(t2).toMatchObject({ text: 'It is 31 °C in Hanoi.', brand: false, final: true });
  });

  it('folds the streamed tool call and its result', () => {
    expect(toolsOf(view)).toMatchObject([
      {
        toolId: 'call-1',
        name: 'get_weather',
        label: 'Get weather',
        input: { city: 'Hanoi' },
        inputText: '{"city":"Hanoi"}',
        status: 'success',
        result: { tempC: 31 },
        frames: [3, 4, 5, 6, 7],
      },
    ]);
  });

  it('takes usage from d: and stops streaming', () => {
    expect(view.usage).toEqual({ promptTokens: 30, completionTokens: 12 });
    expect(view.streaming).toBe(false);
    expect(view.protocol).toBe('aisdk-data');
  });
});

describe('aisdk-data fold: reasoning, sources, data', () => {
  const { view, findings } = runBody(testdata('valid-reasoning-sources.txt'));

  it('reports nothing', () => expect(findings).toEqual([]));

  it('joins reasoning lines into one part and keeps the signature frame', () => {
    expect(reasoningOf(view)).toEqual(['First, think.']);
    expect(flatItems(view.items).find((i) => i.kind === 'reasoning')?.frames).toEqual([0, 1, 2, 3]);
  });

  it('shows redacted reasoning, sources, data and annotations as raw items', () => {
    const raws = flatItems(view.items).filter((i): i is RawItem => i.kind === 'raw').map((r) => r.text);
    expect(raws).toEqual(['redacted reasoning (6 characters)', 'source: Example <https://example.com>', 'data: [{"progress":50}]', 'annotations: [{"model":"m-1"}]']);
  });

  it('leaves null usage counters out', () => expect(view.usage).toBeUndefined());
});

describe('aisdk-data fold: v4 client semantics', () => {
  it('appends text after a tool call to the same text part within a step', () => {
    const { view } = runLines(['0:"a"', '9:{"toolCallId":"t","toolName":"n","args":{}}', '0:"b"', 'e:{"finishReason":"stop"}', '0:"c"', 'd:{"finishReason":"stop"}']);
    expect(textsOf(view)).toEqual(['ab', 'c']);
  });

  it('continues the text part over a continued step', () => {
    const { view } = runLines(['0:"a"', 'e:{"finishReason":"length","isContinued":true}', '0:"b"', 'd:{"finishReason":"stop"}']);
    expect(textsOf(view)).toEqual(['ab']);
  });

  it('sums step usage when d: has none', () => {
    const { view } = runLines([
      'e:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2}}',
      'e:{"finishReason":"stop","usage":{"promptTokens":3,"completionTokens":4}}',
      'd:{"finishReason":"stop"}',
    ]);
    expect(view.usage).toEqual({ promptTokens: 4, completionTokens: 6 });
  });

  it('splits a frame that holds several lines', () => {
    const frames = lineFrames('x:"ignored"').map((f) => ({ ...f, data: '0:"He"\n0:"llo"\r\nd:{"finishReason":"stop"}\n' }));
    const { view, findings } = run(frames, aisdkDataProtocol);
    expect(textsOf(view)).toEqual(['Hello']);
    expect(findings).toEqual([]);
  });

  it('shows the error part as an error item', () => {
    const { view } = runLines(['0:"x"', '3:"model overloaded"']);
    expect(view.items.map((i) => i.kind)).toEqual(['text', 'error']);
    expect(view.items[1]).toMatchObject({ message: 'model overloaded' });
  });

  it('shows todo tools in the side panel', () => {
    const { view } = runLines(['9:{"toolCallId":"t","toolName":"TodoWrite","args":{"todos":[{"content":"A","status":"pending"}]}}', 'd:{"finishReason":"stop"}']);
    expect(view.todos).toEqual([{ content: 'A', activeForm: 'A', status: 'pending' }]);
  });

  it('shows the user message of the request', () => {
    const frames = lineFrames('{"id":"c","messages":[{"role":"user","content":"Hi?"}]}\n0:"Hello"\nd:{"finishReason":"stop"}');
    frames[0]!.direction = 'out';
    const { view, findings } = run(frames, aisdkDataProtocol);
    expect(view.items).toMatchObject([{ kind: 'user', text: 'Hi?' }, { kind: 'text', text: 'Hello', brand: true }]);
    expect(findings).toEqual([]);
  });

  it('keeps streaming until d: or close', () => {
    expect(runLines(['0:"x"'], { finish: false }).view.streaming).toBe(true);
  });
});

describe('aisdk-data fold: frames cut by the capture', () => {
  it('parses the whole lines of a cut frame and shows the cut one raw', () => {
    const frames = lineFrames('0:"a"').map((f) => ({ ...f, data: '0:"He"\n0:"ll', truncated: { originalLength: 900 } }));
    const { view, findings } = run(frames, aisdkDataProtocol, { finish: false });
    expect(findings).toEqual([]);
    expect(textsOf(view)).toEqual(['He']);
    expect(flatItems(view.items).filter((i): i is RawItem => i.kind === 'raw').map((r) => r.text)).toEqual(['0:"ll… (cut by the capture)']);
  });
});
