// useChat sends every turn of a chat as its own request; one session holds them all (the chat id ties
// them), so each stream is judged on its own: a new request ends the stream before it.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { rulesOf, run } from './testing';

const turn = (text: string, finished = true): unknown[] => [
  { type: 'start', messageId: `m-${text}` },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: text },
  { type: 'text-end', id: 't' },
  ...(finished ? [{ type: 'finish' }, '[DONE]'] : []),
];

/** Each turn behind its own request frame, all in one session. */
function session(...turns: unknown[][]): Frame[] {
  const frames: Frame[] = [];
  const push = (direction: 'in' | 'out', data: string) => frames.push({ index: frames.length, connectionId: `c${turns.length}`, time: frames.length, direction, kind: 'message', data });
  turns.forEach((chunks, n) => {
    push('out', JSON.stringify({ id: 'chat-1', messages: [{ id: `u${n}`, role: 'user', parts: [{ type: 'text', text: `q${n}` }] }], trigger: 'submit-message' }));
    for (const c of chunks) push('in', typeof c === 'string' ? c : JSON.stringify(c));
  });
  return frames;
}

/** As a capture records them: each turn on its own connection, which its server closes after the stream. */
function closedTurns(...turns: unknown[][]): Frame[] {
  const frames: Frame[] = [];
  turns.forEach((chunks, n) => {
    const push = (direction: 'in' | 'out', kind: 'message' | 'close', data: string) => frames.push({ index: frames.length, connectionId: `c${n}`, time: frames.length, direction, kind, data });
    push('out', 'message', JSON.stringify({ id: 'chat-1', messages: [{ id: `u${n}`, role: 'user', parts: [{ type: 'text', text: `q${n}` }] }], trigger: 'submit-message' }));
    for (const c of chunks) push('in', 'message', typeof c === 'string' ? c : JSON.stringify(c));
    push('in', 'close', '');
  });
  return frames;
}

describe('AI SDK UI: several requests in one session', () => {
  it('a stream after a new request is not data after [DONE] or after finish', () => {
    expect(rulesOf(run(session(turn('a'), turn('b'))).findings)).toEqual([]);
  });

  it('a stream cut before finish is still reported when the next request comes', () => {
    expect(rulesOf(run(session(turn('a', false), turn('b'))).findings)).toEqual(['aisdk/missing-finish']);
  });

  it('each stream whose connection closed is judged once: a cut one reported at its close, not again at the next request', () => {
    const cutFirst = run(closedTurns(turn('a', false), turn('b'))).findings;
    expect(cutFirst.map((f) => [f.rule, f.at])).toEqual([['aisdk/missing-finish', 5]]);
    // The later stream's end is judged too, though an earlier connection's close already ended one.
    const cutLast = run(closedTurns(turn('a'), turn('b', false))).findings;
    expect(cutLast.map((f) => [f.rule, f.at])).toEqual([['aisdk/missing-finish', 13]]);
    expect(rulesOf(run(closedTurns(turn('a'), turn('b'), turn('c'))).findings)).toEqual([]);
  });

  it('a step the cut stream left open ends with it: the next stream\'s first step is no second one inside it', () => {
    const stepped = (text: string, finished = true): unknown[] => [
      { type: 'start', messageId: `m-${text}` },
      { type: 'start-step' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: text },
      ...(finished ? [{ type: 'text-end', id: 't' }, { type: 'finish-step' }, { type: 'finish' }, '[DONE]'] : []),
    ];
    expect(rulesOf(run(closedTurns(stepped('a', false), stepped('b'))).findings)).toEqual(['aisdk/missing-finish']);
    expect(rulesOf(run(session(stepped('a', false), stepped('b'))).findings)).toEqual(['aisdk/missing-finish']);
  });

  it('data after [DONE] within one stream is still reported', () => {
    expect(rulesOf(run(session([...turn('a'), { type: 'text-start', id: 'x' }])).findings)).toContain('aisdk/after-done');
  });
});
