// Warnings the AI SDK UI fold says once a session: an undeclared key, for its chunk type and keys, and a
// chunk type only newer clients accept, for its type — at the first chunk. A producer that adds a key to
// every chunk, or streams many custom chunks, would otherwise get one identical warning a chunk. A chunk
// type the current client rejects stays an error at each chunk.
import { describe, expect, it } from 'vitest';
import type { TextItem } from '../../model/view';
import { flatItems, runChunks } from './testing';

const START = { type: 'start', messageId: 'm1' };
const FINISH = { type: 'finish' };
const DONE = '[DONE]';
const delta = (text: string, extra: object = {}) => ({ type: 'text-delta', id: 't', delta: text, ...extra });

const said = (findings: readonly { rule: string; frames: readonly number[] }[]) => findings.map((f) => [f.rule, f.frames[0]]);

describe('aisdk-ui: warnings said once a session', () => {
  it('a key added to every chunk: once per chunk type and keys, at the first; the text is whole', () => {
    const { findings, view } = runChunks([
      START,
      { type: 'text-start', id: 't', at: 1 },
      delta('a', { at: 2 }),
      delta('b', { at: 3 }),
      delta('c', { at: 4, seq: 1 }),
      delta('d', { at: 5 }),
      { type: 'text-end', id: 't', at: 6 },
      FINISH,
      DONE,
    ]);
    expect(said(findings)).toEqual([
      ['aisdk/unknown-key', 1],
      ['aisdk/unknown-key', 2],
      ['aisdk/unknown-key', 4],
      ['aisdk/unknown-key', 6],
    ]);
    expect(findings.map((f) => /^"([\w-]+)" chunk has keys its schema did not declare before ai 7: ([^;]+);/.exec(f.message)?.slice(1, 3))).toEqual([
      ['text-start', '"at"'],
      ['text-delta', '"at"'],
      ['text-delta', '"at", "seq"'],
      ['text-end', '"at"'],
    ]);
    expect(findings.every((f) => f.severity === 'warning' && f.message.endsWith('(reported once a session for this chunk type and keys).'))).toBe(true);
    expect(flatItems(view.items).filter((i): i is TextItem => i.kind === 'text').map((i) => i.text)).toEqual(['abcd']);
  });

  it('a chunk type older clients reject, many times: one warning, at the first', () => {
    const custom = { type: 'custom', kind: 'progress' };
    const { findings } = runChunks([START, custom, custom, custom, FINISH, DONE]);
    expect(said(findings)).toEqual([['aisdk/version-specific-chunk', 1]]);
    expect(findings[0]?.message).toBe('"custom" chunk: added in ai 7; ai 5–6 clients reject it (reported once a session for this chunk type).');
  });

  it('a chunk type the current client rejects: an error at each chunk', () => {
    const legacy = { type: 'reasoning', text: 'hm' };
    const { findings } = runChunks([START, legacy, legacy, FINISH, DONE]);
    expect(said(findings.filter((f) => f.rule === 'aisdk/retired-chunk-type'))).toEqual([
      ['aisdk/retired-chunk-type', 1],
      ['aisdk/retired-chunk-type', 2],
    ]);
  });
});
