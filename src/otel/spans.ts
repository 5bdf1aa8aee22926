// The spans of a capture, as OpenTelemetry traces under the GenAI semantic conventions: a span per
// request (its connection), its frames as events with the first token marked, each tool call as a
// child span, each finding as an event with its rule and severity, and a link from each follow-up
// request to the request it continues. Requests of one conversation share a trace. Ids are derived
// from the file and the capture, so the same input always gives the same trace.
import type { Frame } from '../model/frame';
import type { Finding } from '../model/finding';
import { notRunning, type ToolItem, type ViewItem } from '../model/view';
import { safeText } from '../model/safe-text';
import { pushAll } from '../model/push-all';
import { decodeFrame } from '../model/decode';
import { requestJson } from '../protocols/shared/request-prompt';
import { isRecord } from '../protocols/shared/view-helpers';
import { protocols } from '../protocols/registry';
import { describeFrame } from '../analysis/describe-frame';
import { RELEASED_BY_PAGE, releasedByPage } from '../analysis/page-release';
import { conversations, type Conversation } from '../analysis/conversations';
import { pageToolStates, withPageTools } from '../analysis/page-tools';
import { acrossSessionFindings } from '../analysis/across-sessions';
import type { Session } from '../analysis/sessions';
import { tokenCounts } from '../analysis/usage/token-counts';
import { spanId, traceId } from './ids';

export type AttributeValue = string | number | boolean | string[];

export interface SpanEvent {
  name: string;
  timeMs: number;
  attributes: Record<string, AttributeValue>;
}

export interface SpanLink {
  traceId: string;
  spanId: string;
  attributes: Record<string, AttributeValue>;
}

export interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** `client`: a request to the model's server; `internal`: a tool call within it. */
  kind: 'client' | 'internal';
  startMs: number;
  endMs: number;
  attributes: Record<string, AttributeValue>;
  events: SpanEvent[];
  links: SpanLink[];
  status: { code: 'unset' | 'error'; message?: string };
}

/** Frames of one request past which its frame events are left out (counted in an attribute). */
export const MAX_FRAME_EVENTS = 1000;

/** Attribute names of our own, beside the GenAI ones. */
const OWN = 'agent_stream_inspector';

/** `gen_ai.provider.name` by protocol, where the protocol names one provider's API. */
// `gcp.gen_ai` ("any Google generative AI endpoint"): the same stream comes from the Gemini API and Vertex AI.
const PROVIDER: Record<string, string> = { 'openai-chat': 'openai', 'openai-responses': 'openai', anthropic: 'anthropic', gemini: 'gcp.gen_ai', 'gemini-interactions': 'gcp.gen_ai', cohere: 'cohere' };

/** The spans of these sessions (all of one input, with their frames kept); `file` names the input in the ids. */
export function captureSpans(sessions: readonly Session[], file: string): Span[] {
  const joined = conversations(sessions);
  const tools = pageToolStates(joined);
  const across = acrossSessionFindings(sessions);
  const frameByIndex = new Map<number, Frame>();
  for (const s of sessions) for (const f of s.pipeline.frames) frameByIndex.set(f.index, f);
  const timeOf = (index: number | undefined): number | undefined => (index === undefined ? undefined : frameByIndex.get(index)?.time);

  const conversationOf = new Map<string, { conversation: Conversation; position: number }>();
  for (const conversation of joined) conversation.requests.forEach((r, position) => conversationOf.set(r.connectionId, { conversation, position }));
  const spanOfConnection = new Map<string, Span>();
  const out: Span[] = [];

  for (const session of sessions) {
    const findings = [...session.pipeline.findings(), ...(across.get(session) ?? [])];
    const requestSpans: { span: Span; frames: Frame[] }[] = [];
    for (const connection of session.connections) {
      const frames = session.pipeline.frames.filter((f) => f.connectionId === connection.id);
      const first = frames[0];
      if (!first) continue;
      const joinedTo = conversationOf.get(connection.id);
      const trace = traceId(file, joinedTo ? `conversation ${joinedTo.conversation.id}` : `session ${session.key}`);
      const body = requestJson(connection);
      const model = isRecord(body) && typeof body.model === 'string' ? body.model : undefined;
      const attributes: Record<string, AttributeValue> = { 'gen_ai.operation.name': 'chat' };
      const provider = PROVIDER[session.pipeline.protocol];
      if (provider) attributes['gen_ai.provider.name'] = provider;
      if (model) attributes['gen_ai.request.model'] = model;
      if (joinedTo) attributes['gen_ai.conversation.id'] = joinedTo.conversation.id;
      const answer = joinedTo?.conversation.requests[joinedTo.position]?.answer;
      if (answer?.finishReason) attributes['gen_ai.response.finish_reasons'] = [answer.finishReason];
      if (answer?.responseId) attributes['gen_ai.response.id'] = answer.responseId;
      if (connection.method) attributes['http.request.method'] = connection.method;
      if (connection.url) attributes['url.full'] = connection.url;
      attributes[`${OWN}.protocol`] = session.pipeline.protocol;
      attributes[`${OWN}.session`] = session.key;
      attributes[`${OWN}.transport`] = connection.transport;
      const start = Math.min(typeof connection.startedAt === 'number' ? connection.startedAt : first.time, first.time);
      const span: Span = {
        traceId: trace,
        spanId: spanId(file, `request ${connection.id}`),
        name: model ? `chat ${model}` : 'chat',
        kind: 'client',
        startMs: start,
        endMs: frames.reduce((end, f) => Math.max(end, f.time), start),
        attributes,
        events: frameEvents(frames, session),
        links: [],
        status: { code: 'unset' },
      };
      spanOfConnection.set(connection.id, span);
      requestSpans.push({ span, frames });
      out.push(span);
    }
    const last = requestSpans[requestSpans.length - 1]?.span;
    if (!last) continue;
    const sessionView = session.pipeline.view();
    // The counts as `stats` gives them (every protocol's names; input with its cached part, output with
    // its reasoning part), which is what the GenAI conventions ask of these two attributes.
    const tokens = tokenCounts(sessionView.usage, session.pipeline.protocol);
    if (tokens?.input !== undefined) last.attributes['gen_ai.usage.input_tokens'] = tokens.input;
    if (tokens?.output !== undefined) last.attributes['gen_ai.usage.output_tokens'] = tokens.output;
    const spanHolding = (frame: number | undefined) => requestSpans.find((r) => r.frames.some((f) => f.index === frame))?.span ?? last;
    for (const finding of findings) addFinding(spanHolding(finding.frames[0]), finding, timeOf(finding.frames[0]));
    const view = withPageTools(sessionView, tools.get(session));
    for (const tool of toolItems(view.items)) {
      const parent = spanHolding(tool.frames[0]);
      const startMs = timeOf(tool.frames[0]) ?? parent.startMs;
      const endMs = tool.status === 'pending' ? parent.endMs : (timeOf(tool.frames[tool.frames.length - 1]) ?? parent.endMs);
      const state = tool.status === 'pending' ? (notRunning(tool) ?? 'running') : tool.status === 'success' ? 'done' : 'failed';
      out.push({
        traceId: parent.traceId,
        spanId: spanId(file, `tool ${session.key} ${tool.id}`),
        parentSpanId: parent.spanId,
        name: `execute_tool ${tool.name}`,
        kind: 'internal',
        startMs,
        endMs: Math.max(startMs, endMs),
        attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': tool.name, 'gen_ai.tool.call.id': tool.toolId, [`${OWN}.tool.state`]: state },
        events: [],
        links: [],
        status: tool.status === 'error' ? { code: 'error', message: 'the tool failed' } : { code: 'unset' },
      });
    }
  }
  // A follow-up request links to the request it continues; a long decode's next request, to the one whose answer it goes on with.
  for (const conversation of joined) {
    for (const request of conversation.requests) {
      const from = spanOfConnection.get(request.connectionId);
      const at = request.hopOf ?? request.continues;
      const parent = at === undefined ? undefined : conversation.requests[at];
      const to = parent && spanOfConnection.get(parent.connectionId);
      const relation = request.hopOf !== undefined ? 'resumes' : request.repeats === undefined ? 'continues' : 'repeats';
      if (from && to) from.links.push({ traceId: to.traceId, spanId: to.spanId, attributes: { [`${OWN}.relation`]: relation } });
    }
  }
  return out;
}

function frameEvents(frames: readonly Frame[], session: Session): SpanEvent[] {
  const protocol = protocols.find((p) => p.id === session.pipeline.protocol);
  const events: SpanEvent[] = [];
  let firstToken = false;
  for (const frame of frames.slice(0, MAX_FRAME_EVENTS)) {
    const description = describeFrame(decodeFrame(frame), protocol);
    const token = !firstToken && frame.direction === 'in' && (description.category === 'text' || description.category === 'reasoning');
    if (token) firstToken = true;
    events.push({
      name: token ? `${OWN}.first_token` : `${OWN}.frame`,
      timeMs: frame.time,
      // The page's end of a connection after its turn is named as the panel's timeline names it.
      attributes: { [`${OWN}.frame`]: frame.index + 1, [`${OWN}.direction`]: frame.direction, [`${OWN}.event`]: releasedByPage(session.pipeline, frame) ? RELEASED_BY_PAGE : safeText(description.event) },
    });
  }
  return events;
}

function addFinding(span: Span, finding: Finding, timeMs: number | undefined): void {
  const attributes: Record<string, AttributeValue> = { [`${OWN}.rule`]: finding.rule, [`${OWN}.severity`]: finding.severity, [`${OWN}.message`]: finding.message };
  const frame = finding.frames[0];
  if (frame !== undefined) attributes[`${OWN}.frame`] = frame + 1;
  if (finding.path) attributes[`${OWN}.path`] = finding.path;
  span.events.push({ name: `${OWN}.finding`, timeMs: timeMs ?? span.endMs, attributes });
  if (finding.severity === 'error' && span.status.code !== 'error') span.status = { code: 'error', message: `${finding.rule}: ${finding.message}` };
}

function toolItems(items: readonly ViewItem[], depth = 0): ToolItem[] {
  const out: ToolItem[] = [];
  for (const item of items) {
    if (item.kind === 'tool' && !item.orphanResult && !item.todos) out.push(item);
    else if (item.kind === 'group' && depth < 4) pushAll(out, toolItems(item.items, depth + 1));
  }
  return out;
}
