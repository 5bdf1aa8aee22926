import { describe, expect, it } from 'vitest';
import type { ViewItem } from '../../model/view';
import { CANCELLED_BY_PAGE, type Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { protocols } from '../../protocols/registry';
import type { PanelSession } from './session-set';
import { firstPrompt, NAME_MAX, sessionState } from './session-summary';

const user = (text: string): ViewItem => ({ kind: 'user', id: text, frames: [], text });
const text = (t: string): ViewItem => ({ kind: 'text', id: t, frames: [], text: t, part: false, final: true, brand: false });

describe('a session named by what was asked', () => {
  it('is the first non-empty line of the first user turn, spaces folded', () => {
    expect(firstPrompt([text('hi'), user('\n  What is   the weather\tin Paris?\nThanks'), user('second')])).toBe('What is the weather in Paris?');
  });

  it('skips blank turns and has no name without a user turn', () => {
    expect(firstPrompt([user('  \n '), user('Tóm tắt thị trường')])).toBe('Tóm tắt thị trường');
    expect(firstPrompt([text('only the assistant')])).toBeUndefined();
  });

  it('cuts a long line with an ellipsis', () => {
    const name = firstPrompt([user('x'.repeat(10_000))])!;
    expect(name).toHaveLength(NAME_MAX);
    expect(name.endsWith('…')).toBe(true);
  });
});

describe('the state of a turn the page ended itself', () => {
  const chunk = (delta: object, finish: string | null = null) => ({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-x', choices: [{ index: 0, delta, finish_reason: finish }] });
  const whole = [chunk({ role: 'assistant', content: '' }), chunk({ content: 'Hello world' }), chunk({}, 'stop'), '[DONE]'];
  const cut = [chunk({ role: 'assistant', content: '' }), chunk({ content: 'Hello wor' })];
  /** An OpenAI Chat session of `payloads` on one connection, ended by a frame of `kind` with `data`, as the panel reads it. */
  function state(payloads: readonly (object | string)[], kind: 'close' | 'error', data: string) {
    const pipeline = new SessionPipeline(protocols, { protocol: 'openai-chat' });
    const frames: Frame[] = payloads.map((p, index) => ({ index, connectionId: 'c1', time: index, direction: 'in', kind: 'message', data: typeof p === 'string' ? p : JSON.stringify(p) }));
    frames.push({ index: frames.length, connectionId: 'c1', time: frames.length, direction: 'in', kind, data });
    for (const f of frames) pipeline.append(f);
    const session = { id: 's', connectionIds: ['c1'], pipeline } as unknown as PanelSession;
    return sessionState(session, new Map([['c1', { id: 'c1', transport: 'sse', closed: { at: frames.length } }]]), true);
  }

  it('is stopped where the page aborted or cancelled the body mid-answer', () => {
    expect(state(cut, 'error', 'AbortError: signal is aborted without reason')).toBe('stopped');
    expect(state(cut, 'close', CANCELLED_BY_PAGE)).toBe('stopped');
  });

  it('is cut off where the server closed mid-answer, and failed where the connection failed', () => {
    expect(state(cut, 'close', '')).toBe('cut off');
    expect(state(cut, 'error', 'TypeError: network error')).toBe('failed');
  });

  it('is done where the page let go of the connection once [DONE] had arrived', () => {
    expect(state(whole, 'error', 'AbortError: signal is aborted without reason')).toBe('done');
    expect(state(whole, 'close', CANCELLED_BY_PAGE)).toBe('done');
    expect(state(whole, 'close', '')).toBe('done');
  });
});
