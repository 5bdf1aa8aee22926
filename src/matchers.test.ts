// The matchers' verdicts and failure messages: what a developer reads when a capture goes wrong.
// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agentStreamMatchers, type FollowProtocolOptions } from './matchers';
import { readInput } from './readers/read-input';

const context = { utils: { diff: (a: unknown, b: unknown) => `DIFF(${String(a).length},${String(b).length})` } };
const follow = (received: unknown, options?: FollowProtocolOptions | 'flat-block' | 'anthropic') => agentStreamMatchers.toFollowProtocol.call(context, received, options);
const renderAs = (received: unknown, text: string) => agentStreamMatchers.toRenderAs.call(context, received, text);

describe('toFollowProtocol', () => {
  it('accepts a file path, its text, or its Capture alike', () => {
    const text = readFileSync('examples/flat-block-turn.jsonl', 'utf8');
    for (const received of ['examples/flat-block-turn.jsonl', text, readInput(text), readInput(text).capture]) expect(follow(received).pass).toBe(true);
  });

  it('lists every error and warning in its failure message', () => {
    const r = follow('examples/flat-block-broken.jsonl');
    expect(r.pass).toBe(false);
    const lines = r.message().split('\n');
    expect(lines[0]).toBe('expected examples/flat-block-broken.jsonl to follow its agent protocol, but:');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe('  s1:2 error flat/block-delta-without-start content_block_delta for index 0, which has no open block');
  });

  it('lets warnings through when allowed, by rule or all, but never errors', () => {
    const har = readFileSync('examples/flat-block-reload.har', 'utf8').replace('\\"event_id\\":13', '\\"event_id\\":15');
    expect(follow(har).pass).toBe(false);
    expect(follow(har, { allowWarnings: ['flat/replay-gap'] }).pass).toBe(true);
    expect(follow(har, { allowWarnings: ['flat/other'] }).pass).toBe(false);
    expect(follow(har, { allowWarnings: true }).pass).toBe(true);
    expect(follow('examples/flat-block-broken.jsonl', { allowWarnings: true }).message().split('\n')).toHaveLength(5);
  });

  it('fails on the wrong protocol, an unrecognised stream, and an unreadable input', () => {
    expect(follow('examples/flat-block-turn.jsonl', 'anthropic').message()).toContain('session file speaks flat-block, not anthropic');
    expect(follow('{"hello":1}\n{"world":2}\n').message()).toContain('no agent protocol recognised in 1 session(s)');
    expect(follow('hello there').message()).toMatch(/^could not read the capture: not a recognised input/);
    expect(follow(42).message()).toBe('could not read the capture: expected a file path, a Capture or input text, got number');
  });

  it('says what it found when negated and it passes', () => {
    expect(follow('examples/flat-block-turn.jsonl', 'flat-block').message()).toBe('expected examples/flat-block-turn.jsonl not to follow the flat-block protocol, but it does (file: flat-block, 17 frames)');
  });
});

describe('toRenderAs', () => {
  it('compares the rendering, trailing whitespace aside, and shows the diff from the test runner', () => {
    const r = renderAs('examples/flat-block-turn.jsonl', 'assistant: nothing');
    expect(r.pass).toBe(false);
    expect(r.message()).toMatch(/^expected examples\/flat-block-turn\.jsonl to render as the given text:\nDIFF\(19,\d+\)$/);
  });
});

describe('registered with expect.extend', () => {
  expect.extend(agentStreamMatchers);
  it('throws the failure message', () => {
    const e = expect as unknown as (v: unknown) => { toFollowProtocol(): void };
    expect(() => e('examples/flat-block-broken.jsonl').toFollowProtocol()).toThrow(/flat\/tool-result-orphan tool_result for "t9" matches no tool_use/);
  });
});
