// useChat (v4) sends every turn of a chat as its own request; one session holds them all (the chat id
// ties them), so each stream is judged on its own: a new request ends the stream before it.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { rulesOf, run } from '../aisdk-ui/testing';
import { aisdkDataProtocol } from './index';

const turn = (text: string, finished = true): string[] => [
  `f:{"messageId":"m-${text}"}`,
  `0:${JSON.stringify(text)}`,
  ...(finished ? ['e:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2},"isContinued":false}', 'd:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2}}'] : []),
];

/** As a capture records them: each turn's request and stream on its own connection, closed by its server (or left open). */
function session(turns: readonly string[][], closed = true): Frame[] {
  const frames: Frame[] = [];
  turns.forEach((lines, n) => {
    const push = (direction: 'in' | 'out', kind: 'message' | 'close', data: string) => frames.push({ index: frames.length, connectionId: `c${n}`, time: frames.length, direction, kind, data });
    push('out', 'message', JSON.stringify({ id: 'chat-1', messages: [{ role: 'user', content: `q${n}` }] }));
    for (const line of lines) push('in', 'message', line);
    if (closed) push('in', 'close', '');
  });
  return frames;
}

const findings = (frames: Frame[]) => run(frames, aisdkDataProtocol).findings;

describe('AI SDK v4 data stream: several requests in one session', () => {
  it('a stream after a new request is not a line after the finish of the one before', () => {
    expect(rulesOf(findings(session([turn('a'), turn('b')])))).toEqual([]);
    expect(rulesOf(findings(session([turn('a'), turn('b'), turn('c')], false)))).toEqual([]);
  });

  it('a stream cut before its finish is reported once, at its close or else at the next request', () => {
    expect(findings(session([turn('a', false), turn('b')])).map((f) => [f.rule, f.at])).toEqual([['aisdk/v4-missing-finish', 3]]);
    expect(findings(session([turn('a', false), turn('b')], false)).map((f) => [f.rule, f.at])).toEqual([['aisdk/v4-missing-finish', 3]]);
    // The later stream's end is judged too, though an earlier connection's close already ended one.
    expect(findings(session([turn('a'), turn('b', false)])).map((f) => [f.rule, f.at])).toEqual([['aisdk/v4-missing-finish', 9]]);
  });

  it('shows the later stream as streaming until it finishes', () => {
    const frames = session([turn('a'), turn('b', false)], false);
    expect(run(frames, aisdkDataProtocol, { finish: false }).view.streaming).toBe(true);
    expect(run(session([turn('a'), turn('b')], false), aisdkDataProtocol, { finish: false }).view.streaming).toBe(false);
  });

  it('a line after the finish within one stream is still reported', () => {
    expect(rulesOf(findings(session([[...turn('a'), '0:"late"']])))).toContain('aisdk/v4-after-finish');
  });
});
