// Property: no input makes the pipeline throw. Random and mutated flat-block-like event sequences,
// client replies, history responses and random bytes go through every input reader, the session
// split, the fold, the rules, scrubbing and the text rendering.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Capture, Frame } from '../../src/model/frame';
import { renderText } from '../../src/model/render-text';
import { splitSessions } from '../../src/analysis/sessions';
import { InputError, readInput } from '../../src/readers/read-input';
import { protocols } from '../../src/protocols/registry';

const small = fc.integer({ min: -1, max: 4 });
const text = fc.oneof(fc.string(), fc.constantFrom('', 'ask_user_question', 'write_todos', 'web_search', '[No preference]'));
const blockType = fc.constantFrom('text', 'thinking', 'tool_use', 'tool_result', 'approval_request', 'approval_result', 'approval_timeout', 'image', 42);
const todo = fc.record({ content: text, activeForm: text, status: fc.constantFrom('pending', 'in_progress', 'completed', 'done', 7) }, { requiredKeys: [] });
const question = fc.record(
  { question: text, header: text, multiSelect: fc.oneof(fc.boolean(), fc.constant('yes')), options: fc.array(fc.record({ label: text, input: fc.boolean() }, { requiredKeys: [] }), { maxLength: 3 }) },
  { requiredKeys: [] },
);
const block = fc.record(
  {
    type: blockType,
    id: fc.constantFrom('t1', 't2', 't3'),
    tool_use_id: fc.constantFrom('t1', 't2', 't9'),
    name: text,
    status: fc.constantFrom('success', 'error', 'weird'),
    approval_key: fc.constantFrom('k1', 'k2'),
    text,
    is_part: fc.boolean(),
    input: fc.oneof(fc.record({ todos: fc.array(todo, { maxLength: 3 }) }), fc.anything()),
    tool_content_message: fc.oneof(text, fc.constant(null)),
  },
  { requiredKeys: ['type'] },
);
const delta = fc.oneof(
  fc.record({ text }, { requiredKeys: [] }),
  fc.record({
    action_requests: fc.array(fc.record({ name: fc.constantFrom('ask_user_question', 'delete_file'), args: fc.record({ questions: fc.array(question, { maxLength: 2 }) }) }), { maxLength: 2 }),
    review_configs: fc.array(fc.record({ action_name: text, allowed_decisions: fc.array(fc.constantFrom('approve', 'edit', 'reject')) }), { maxLength: 2 }),
    timeout_seconds: fc.oneof(fc.nat(), fc.constant(-1)),
  }, { requiredKeys: [] }),
  fc.anything(),
);
const event = fc.oneof(
  fc.record({ type: fc.constantFrom('message_start', 'message_stop', 'group_start', 'group_end', 'error', 'ping'), index: small, summary: fc.oneof(text, fc.constant(null)), event_id: fc.oneof(fc.nat(20), fc.constantFrom('e-1', 'e-2')) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('content_block_start'), index: small, content_block: block }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('content_block_delta'), index: small, delta }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('content_block_stop'), index: small }, { requiredKeys: ['type'] }),
  fc.anything(),
);
const clientFrame = fc.oneof(
  fc.record({ type: fc.constant('approval'), approval_key: fc.constantFrom('k1', 'k2', 'k3'), decisions: fc.array(fc.oneof(fc.constantFrom('approve', 'reject'), fc.record({ type: text }))), answers: fc.dictionary(text, text) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('subscribe'), last_event_id: fc.oneof(fc.nat(20), fc.constant('e-1'), fc.constant(null)) }),
);
const historyMessage = fc.record(
  {
    role: fc.constantFrom('user', 'assistant', 'tool', 'system'),
    content: fc.oneof(fc.array(block, { maxLength: 3 }), text, fc.constant(null)),
    tool_calls: fc.array(fc.record({ id: fc.constantFrom('t1', 't2'), name: text }), { maxLength: 2 }),
    tool_call_id: fc.constantFrom('t1', 't2', 't7'),
    display_type: fc.constantFrom('content', 'group_start', 'group_item', 'group_end', 'bogus'),
    group_closed: fc.boolean(),
    summary: text,
    message_type: fc.constantFrom('chat', 'step'),
  },
  { requiredKeys: ['role'] },
);
const history = fc.record({ messages: fc.array(historyMessage, { maxLength: 6 }), agent_status: fc.constantFrom('running', 'done'), last_event_id: fc.oneof(fc.nat(10), fc.constant(null)), workspace: fc.record({ todos: fc.array(todo, { maxLength: 2 }) }), pending_approval: fc.anything() }, { requiredKeys: ['messages'] });

const frameSpec = fc.oneof(
  { weight: 6, arbitrary: event.map((e) => ({ direction: 'in' as const, data: JSON.stringify(e) ?? 'undefined' })) },
  { weight: 1, arbitrary: clientFrame.map((e) => ({ direction: 'out' as const, data: JSON.stringify(e) })) },
  { weight: 1, arbitrary: history.map((h) => ({ direction: 'in' as const, data: JSON.stringify(h) })) },
  { weight: 1, arbitrary: fc.string().map((s) => ({ direction: 'in' as const, data: s })) },
);

function toCapture(specs: { direction: 'in' | 'out'; data: string }[], times: number[]): Capture {
  const frames: Frame[] = specs.map((s, i) => ({ index: i, connectionId: i % 5 === 4 ? 'history' : 'ws', time: times[i] ?? i, direction: s.direction, kind: 'message', data: s.data }));
  return { connections: [{ id: 'ws', transport: 'websocket' }, { id: 'history', transport: 'http-json' }], frames };
}

function exercise(capture: Capture): void {
  for (const session of splitSessions(capture, protocols)) {
    const { pipeline } = session;
    renderText(pipeline.view());
    for (const f of pipeline.findings()) {
      expect(typeof f.message).toBe('string');
      expect(['error', 'warning', 'info']).toContain(f.severity);
    }
    const middle = capture.frames[Math.floor(capture.frames.length / 2)];
    if (middle) renderText(pipeline.viewAt(middle.index));
    expect(JSON.parse(JSON.stringify(pipeline.view()))).toBeTruthy();
  }
}

describe('pipeline never throws', () => {
  it('on random and mutated flat-block sessions', () => {
    fc.assert(
      fc.property(fc.array(frameSpec, { maxLength: 40 }), fc.array(fc.nat(2_000_000), { maxLength: 40 }), (specs, times) => {
        exercise(toCapture(specs, times.sort((a, b) => a - b)));
      }),
      { numRuns: 400 },
    );
  });

  it('on random text through every input reader', () => {
    const inputs = fc.oneof(
      fc.string(),
      fc.uint8Array({ maxLength: 300 }).map((b) => new TextDecoder().decode(b)),
      fc.array(frameSpec, { maxLength: 10 }).map((specs) => specs.map((s) => s.data.replace(/\n/g, ' ')).join('\n')),
      fc.array(frameSpec, { maxLength: 10 }).map((specs) => specs.map((s) => `data: ${s.data.replace(/\n/g, ' ')}\n\n`).join('')),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        let capture: Capture;
        try {
          capture = readInput(input).capture;
        } catch (err) {
          expect(err).toBeInstanceOf(InputError);
          return;
        }
        exercise(capture);
      }),
      { numRuns: 400 },
    );
  });
});
