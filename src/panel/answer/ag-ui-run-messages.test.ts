// The messages the panel's AG-UI resume carries are those @ag-ui/client itself would send: the same
// events run through the client's HttpAgent (from the page's messages) and through agUiRunMessages.
import { HttpAgent } from '@ag-ui/client';
import { describe, expect, it } from 'vitest';
import { toSse } from '../../protocols/ag-ui/reference-client';
import { agUiRunMessages } from './ag-ui-run-messages';

const previous = [
  { id: 'u1', role: 'user', content: 'Book a table for two' },
  { id: 'a0', role: 'assistant', content: 'Sure.' },
];

/** The messages the client holds after the run, as its next RunAgentInput would carry them. */
async function clientMessages(events: readonly object[]): Promise<unknown[]> {
  const agent = new HttpAgent({
    url: 'http://127.0.0.1:9/agent',
    initialMessages: structuredClone(previous) as never,
    fetch: () => Promise.resolve(new Response(toSse(events.map((e) => JSON.stringify(e))), { headers: { 'content-type': 'text/event-stream' } })),
  });
  await agent.runAgent({ runId: 'r1' });
  return (agent.messages as Array<{ role: string }>).filter((m) => m.role !== 'activity');
}

const run = (events: object[]) => [{ type: 'RUN_STARTED', threadId: 't', runId: 'r1' }, ...events, { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' }];

const cases: Record<string, object[]> = {
  'text, then a tool call on that message, its arguments and its result': run([
    { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Checking ' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'availability.' },
    { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
    { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'find_table', parentMessageId: 'a1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"people":' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '2}' },
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    { type: 'TOOL_CALL_RESULT', messageId: 't1', toolCallId: 'c1', content: '19:30 is free' },
    { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'book_table' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c2', delta: '{"time":"19:30"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'c2' },
  ]),
  'a parent that names a user message, and a result for an earlier call': run([
    { type: 'TOOL_CALL_START', toolCallId: 'c3', toolCallName: 'lookup', parentMessageId: 'u1' },
    { type: 'TOOL_CALL_END', toolCallId: 'c3' },
    { type: 'TOOL_CALL_START', toolCallId: 'c4', toolCallName: 'lookup', parentMessageId: 'fresh' },
    { type: 'TOOL_CALL_END', toolCallId: 'c4' },
    { type: 'TOOL_CALL_RESULT', messageId: 't3', toolCallId: 'c3', content: 'found' },
  ]),
  'chunks and reasoning': run([
    { type: 'REASONING_START', messageId: 'r' },
    { type: 'REASONING_MESSAGE_START', messageId: 'rm', role: 'reasoning' },
    { type: 'REASONING_MESSAGE_CONTENT', messageId: 'rm', delta: 'Two people, evening.' },
    { type: 'REASONING_MESSAGE_END', messageId: 'rm' },
    { type: 'REASONING_END', messageId: 'r' },
    { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a2', role: 'assistant', delta: 'One ' },
    { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a2', delta: 'moment.' },
    { type: 'TOOL_CALL_CHUNK', toolCallId: 'c5', toolCallName: 'find_table', parentMessageId: 'a2', delta: '{"people"' },
    { type: 'TOOL_CALL_CHUNK', toolCallId: 'c5', delta: ':2}' },
  ]),
  'a messages snapshot reconciled by id': run([
    { type: 'TEXT_MESSAGE_START', messageId: 'a3', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a3', delta: 'draft' },
    { type: 'TEXT_MESSAGE_END', messageId: 'a3' },
    { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'u1', role: 'user', content: 'Book a table for two' }, { id: 'a3', role: 'assistant', content: 'final' }, { id: 'a4', role: 'assistant', content: 'more' }] },
  ]),
};

describe('the messages of an AG-UI resume', () => {
  for (const [name, events] of Object.entries(cases)) {
    it(`equal @ag-ui/client's after ${name}`, async () => {
      const expected = await clientMessages(events);
      expect(expected.length).toBeGreaterThan(previous.length - 1);
      expect(agUiRunMessages(previous, events)).toEqual(expected);
    });
  }

  it('skip what is not a message or an event, and never change the page’s own list', () => {
    const page = [{ id: 'u1', role: 'user', content: 'hi' }, 'junk', { role: 'user' }];
    const before = structuredClone(page);
    const out = agUiRunMessages(page, [null, 7, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'nope', delta: 'x' }, { type: 'TEXT_MESSAGE_START', messageId: 'a', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'u1', delta: '!' }]);
    expect(out).toEqual([{ id: 'u1', role: 'user', content: 'hi!' }, { id: 'a', role: 'assistant', content: '' }]);
    expect(page).toEqual(before);
  });
});
