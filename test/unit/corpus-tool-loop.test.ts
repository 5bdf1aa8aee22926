// The checks across requests on every real recording of the shared corpus, made a conversation: each
// recorded stream gets the request that asked for it (one user message), and where the stream asked
// the page for tools, the follow-up a correct client sends (its calls unchanged, one result each),
// built here from the recording's raw events. A healthy loop must give no loop finding at all; a
// recording left without its follow-up gives only `loop-stalled`, and only where it asked for tools.
// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capture, Connection, Frame } from '../../src/model/frame';
import { readInput } from '../../src/readers/read-input';
import { splitSessions } from '../../src/analysis/sessions';
import { acrossSessionFindings } from '../../src/analysis/across-sessions';
import { protocols } from '../../src/protocols/registry';
import { chunk } from '../../src/protocols/openai-chat/test-helpers';
import { CORPUS_DIR, HAS_CORPUS, needsShared } from '../support/shared-dir';

/**
 * Recordings whose last message, response or run asks the page to run tools, judged from each file:
 * an AG-UI run finishes (not in an interrupt) with tool calls it gave no TOOL_CALL_RESULT; the
 * last Anthropic message stops with "tool_use" after a tool_use block; a chat stream finishes with
 * "tool_calls"; the last completed Responses response ends with function_call or custom_tool_call
 * items after its last message. Recordings of several steps (tool search, programmatic tool calling,
 * encrypted reasoning) end with the answer after the tools, and parallel-tool-call-wrapper's terminal
 * line is not JSON in the source itself.
 */
const ASK_FOR_TOOLS = [
  'ag-ui/dotnet-server/MixedToolInvocationIntegration__MixedInvocation_TwoTurnFlow_EmitsToolCallsThenServerResults__Turn_01.06.json',
  'ag-ui/dotnet-server/Step03_FrontendTools__PostRun_WithFrontendToolCall_InvokesToolLocallyAndStreamsResult__Turn_01.06.json',
  'ag-ui/dotnet-server/Step04_HumanInLoop__PostRun_WithApprovalRequired_RoundTripsThroughBothWrappers__Turn_01.06.json',
  'anthropic/tool_use_response.sse',
  'vercel-ai/alibaba_alibaba-tool-call.jsonl',
  'vercel-ai/anthropic_anthropic-json-other-tool.1.jsonl',
  'vercel-ai/anthropic_anthropic-json-tool.1.jsonl',
  'vercel-ai/anthropic_anthropic-json-tool.2.jsonl',
  'vercel-ai/anthropic_anthropic-tool-no-args.jsonl',
  'vercel-ai/anthropic_spliced-message-start.jsonl',
  'vercel-ai/azure_azure-tool-call.1.jsonl',
  'vercel-ai/deepseek_chat_deepseek-tool-call.jsonl',
  'vercel-ai/groq_groq-tool-call.jsonl',
  'vercel-ai/mistral_mistral-incremental-tool-call.jsonl',
  'vercel-ai/mistral_mistral-tool-call.jsonl',
  'vercel-ai/open-responses_responses_lmstudio-tool-call.1.jsonl',
  'vercel-ai/open-responses_responses_lmstudio-tool-call.2.jsonl',
  'vercel-ai/openai-compatible_chat_xai-tool-call.jsonl',
  'vercel-ai/openai_responses_openai-client-tool-search.2.jsonl',
  'vercel-ai/openai_responses_openai-custom-tool.1.jsonl',
  'vercel-ai/openai_responses_openai-tool-search.1.jsonl',
  'vercel-ai/openai_responses_programmatic-tool-calling.1.jsonl',
  'vercel-ai/openai_responses_programmatic-tool-calling.2.jsonl',
  'vercel-ai/xai_xai-tool-call.jsonl',
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : name === 'README.md' ? [] : [path.relative(CORPUS_DIR, full).split(path.sep).join('/')];
  });
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const events = (frames: readonly Frame[]): Rec[] =>
  frames.flatMap((f) => {
    try {
      const v: unknown = JSON.parse(f.data);
      return isRec(v) ? [v] : [];
    } catch {
      return [];
    }
  });

const question = { role: 'user', content: 'What is the weather?' };

/** The request that asked for the stream, in the protocol's own shape. */
function requestBody(protocol: string | undefined, n: number): unknown {
  if (protocol === 'openai-responses') return { model: 'm', stream: true, input: [question] };
  if (protocol === 'aisdk-ui') return { id: `chat-${n}`, messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: question.content }] }], trigger: 'submit-message' };
  if (protocol === 'ag-ui') return { threadId: `thread-${n}`, runId: `run-${n}`, messages: [{ id: 'u1', ...question }], tools: [], context: [], forwardedProps: {} };
  return { model: 'm', stream: true, messages: [{ ...question, content: `${question.content} (${n})` }] };
}

interface FollowUp {
  body: unknown;
  answer: string[];
}

/** Anthropic: the assistant message with the tool_use blocks as streamed, then one tool_result each. */
function anthropicFollowUp(body: Rec, all: readonly Rec[]): FollowUp | undefined {
  // A recording of several steps: the page continues after the last message.
  const list = all.slice(all.map((e) => e.type).lastIndexOf('message_start'));
  if (!list.some((e) => isRec(e.delta) && e.delta.stop_reason === 'tool_use')) return undefined;
  const blocks = new Map<number, { id: string; name: string; json: string; input: unknown }>();
  for (const e of list) {
    const b = e.content_block;
    if (e.type === 'content_block_start' && isRec(b) && b.type === 'tool_use') blocks.set(Number(e.index), { id: String(b.id), name: String(b.name), json: '', input: b.input });
    if (e.type === 'content_block_delta' && isRec(e.delta) && e.delta.type === 'input_json_delta') {
      const block = blocks.get(Number(e.index));
      if (block) block.json += String(e.delta.partial_json);
    }
  }
  const uses = [...blocks.values()].map((b) => ({ type: 'tool_use', id: b.id, name: b.name, input: b.json.trim() ? (JSON.parse(b.json) as unknown) : b.input }));
  const messages = [...(body.messages as unknown[]), { role: 'assistant', content: uses }, { role: 'user', content: uses.map((u) => ({ type: 'tool_result', tool_use_id: u.id, content: 'ok' })) }];
  const answer = [
    { type: 'message_start', message: { id: 'msg_f', type: 'message', role: 'assistant', model: 'm', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Done.' } },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } },
    { type: 'message_stop' },
  ];
  return { body: { ...body, messages }, answer: answer.map((e) => JSON.stringify(e)) };
}

/** OpenAI Chat: the assistant message with choice 0's tool calls merged by index (or id), then one tool message each. */
function chatFollowUp(body: Rec, list: readonly Rec[]): FollowUp | undefined {
  const choices = list.flatMap((e) => (Array.isArray(e.choices) ? (e.choices as unknown[]).filter(isRec) : []));
  if (!choices.some((c) => c.finish_reason === 'tool_calls')) return undefined;
  const calls: { id: string; name: string; args: string }[] = [];
  for (const c of choices) {
    const deltas = isRec(c.delta) && Array.isArray(c.delta.tool_calls) ? (c.delta.tool_calls as unknown[]).filter(isRec) : [];
    for (const d of deltas) {
      const fn = isRec(d.function) ? d.function : {};
      let call = typeof d.index === 'number' ? calls[d.index] : typeof d.id === 'string' ? calls.find((x) => x.id === d.id) : calls[calls.length - 1];
      if (!call) calls[typeof d.index === 'number' ? d.index : calls.length] = call = { id: '', name: '', args: '' };
      if (typeof d.id === 'string' && d.id) call.id = d.id;
      if (typeof fn.name === 'string' && fn.name) call.name = fn.name;
      if (typeof fn.arguments === 'string') call.args += fn.arguments;
    }
  }
  const assistant = { role: 'assistant', content: null, tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } })) };
  const messages = [...(body.messages as unknown[]), assistant, ...calls.map((c) => ({ role: 'tool', tool_call_id: c.id, content: 'ok' }))];
  return { body: { ...body, messages }, answer: [JSON.stringify(chunk({ role: 'assistant', content: 'Done.' })), JSON.stringify(chunk({}, 'stop')), '[DONE]'] };
}

/** OpenAI Responses: `previous_response_id` and one output per client call of the last completed response. */
function responsesFollowUp(body: Rec, list: readonly Rec[]): FollowUp | undefined {
  const completed = list.filter((e) => e.type === 'response.completed').at(-1);
  const response = isRec(completed?.response) ? completed.response : undefined;
  const output = Array.isArray(response?.output) ? (response.output as unknown[]).filter(isRec) : [];
  // Calls before a message of the same response were run by the server (xAI's search tools).
  const calls = output.slice(output.map((i) => i.type).lastIndexOf('message') + 1).filter((i) => i.type === 'function_call' || i.type === 'custom_tool_call');
  if (!response || calls.length === 0) return undefined;
  const input = calls.map((c) => ({ type: `${String(c.type)}_output`, call_id: c.call_id, output: 'ok' }));
  const resp = { id: 'resp_f', object: 'response', status: 'completed', output: [] };
  const answer = [
    { type: 'response.created', sequence_number: 0, response: { ...resp, status: 'in_progress' } },
    { type: 'response.completed', sequence_number: 1, response: resp },
  ];
  return { body: { ...body, previous_response_id: response.id, input }, answer: answer.map((e) => JSON.stringify(e)) };
}

/** AG-UI: the next run of the thread, with an assistant message holding every started call and one tool message each. */
function agUiFollowUp(body: Rec, all: readonly Rec[]): FollowUp | undefined {
  const list = all.slice(Math.max(0, all.map((e) => e.type).lastIndexOf('RUN_STARTED')));
  const finished = list.find((e) => e.type === 'RUN_FINISHED');
  if (!finished || (isRec(finished.outcome) && finished.outcome.type === 'interrupt')) return undefined;
  const started = list.filter((e) => e.type === 'TOOL_CALL_START');
  const answered = new Set(list.filter((e) => e.type === 'TOOL_CALL_RESULT').map((e) => e.toolCallId));
  if (started.every((e) => answered.has(e.toolCallId))) return undefined;
  const toolCalls = started.map((e) => ({
    id: e.toolCallId,
    type: 'function',
    function: { name: e.toolCallName, arguments: list.filter((a) => a.type === 'TOOL_CALL_ARGS' && a.toolCallId === e.toolCallId).map((a) => String(a.delta)).join('') },
  }));
  const messages = [...(body.messages as unknown[]), { id: 'a-f', role: 'assistant', toolCalls }, ...started.map((e) => ({ id: `tool-${String(e.toolCallId)}`, role: 'tool', toolCallId: e.toolCallId, content: 'ok' }))];
  const ids = { threadId: body.threadId, runId: 'run-f' };
  return { body: { ...body, ...ids, messages }, answer: [JSON.stringify({ type: 'RUN_STARTED', ...ids }), JSON.stringify({ type: 'RUN_FINISHED', ...ids })] };
}

const FOLLOW_UPS: Record<string, (body: Rec, list: readonly Rec[]) => FollowUp | undefined> = {
  anthropic: anthropicFollowUp,
  'openai-chat': chatFollowUp,
  'openai-responses': responsesFollowUp,
  'ag-ui': agUiFollowUp,
};

/** The recording behind its request, each connection a request of its own; with `followUp`, the follow-up a correct client sends. */
function conversationOf(file: string, followUp: boolean): { capture: Capture; asked: boolean } {
  const recorded = readInput(readFileSync(path.join(CORPUS_DIR, file), 'utf8')).capture;
  const protocol = splitSessions(recorded, protocols)[0]?.pipeline.protocol;
  const connections: Connection[] = [];
  const frames: Frame[] = [];
  let asked = false;
  const add = (base: Connection, id: string, body: unknown, data: readonly { data: string; eventName?: string }[]) => {
    const requestBody = JSON.stringify(body);
    connections.push({ ...base, id, method: 'POST', requestBody });
    frames.push({ index: frames.length, connectionId: id, time: frames.length, direction: 'out', kind: 'message', data: requestBody });
    for (const f of data) {
      const frame: Frame = { index: frames.length, connectionId: id, time: frames.length, direction: 'in', kind: 'message', data: f.data };
      if (f.eventName !== undefined) frame.eventName = f.eventName;
      frames.push(frame);
    }
  };
  recorded.connections.forEach((connection, n) => {
    const own = recorded.frames.filter((f) => f.connectionId === connection.id && f.direction === 'in' && f.kind === 'message');
    const body = requestBody(protocol, n) as Rec;
    add(connection, connection.id, body, own);
    const next = followUp ? FOLLOW_UPS[protocol ?? '']?.(body, events(own)) : undefined;
    if (next) {
      asked = true;
      add(connection, `${connection.id}-follow-up`, next.body, next.answer.map((data) => ({ data, eventName: protocol === 'openai-chat' ? undefined : (JSON.parse(data) as { type?: string }).type })));
    }
  });
  return { capture: { connections, frames }, asked };
}

function loopFindings(capture: Capture): string[] {
  const sessions = splitSessions(capture, protocols);
  return [...acrossSessionFindings(sessions).values()].flat().map((f) => f.rule);
}

describe.skipIf(!HAS_CORPUS)(needsShared('the tool loop across requests on the real corpus'), () => {
  const present = HAS_CORPUS ? files(CORPUS_DIR).sort() : [];

  it.each(present)('%s: a healthy loop gives no loop finding', (file) => {
    const { capture, asked } = conversationOf(file, true);
    expect(asked).toBe(ASK_FOR_TOOLS.includes(file));
    expect(loopFindings(capture)).toEqual([]);
  });

  it.each(present)('%s: without its follow-up, only a stall, and only where the stream asked for tools', (file) => {
    const rules = loopFindings(conversationOf(file, false).capture);
    expect(rules.every((r) => r.endsWith('/loop-stalled'))).toBe(true);
    expect(rules.length > 0).toBe(ASK_FOR_TOOLS.includes(file));
  });
});
