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

describe('AI SDK UI: several requests in one session', () => {
  it('a stream after a new request is not data after [DONE] or after finish', () => {
    expect(rulesOf(run(session(turn('a'), turn('b'))).findings)).toEqual([]);
  });

  it('a stream cut before finish is still reported when the next request comes', () => {
    expect(rulesOf(run(session(turn('a', false), turn('b'))).findings)).toEqual(['aisdk/missing-finish']);
  });

  it('data after [DONE] within one stream is still reported', () => {
    expect(rulesOf(run(session([...turn('a'), { type: 'text-start', id: 'x' }])).findings)).toContain('aisdk/after-done');
  });
});
