// @vitest-environment node
// Agreement with `@a2a-js/sdk` 1.3 on streams that mostly read: well-formed parts (the initial Task;
// status updates, some asking for input; artifacts streamed in chunks, named on every chunk, the first
// or none; agent Messages) interleaved at random, then up to two mutations (a dropped, repeated or
// swapped event, the initial Task sent again, or a Task snapshot of the events so far). Each stream is
// served as SSE from 127.0.0.1 to the SDK's client (v0.3 through its legacy transport, v1.0 through the
// current one), whose events its ResultManager accumulates into the task; the client's fetch is recorded
// and read back by `check` and `render`. The task's state, its agent messages and its artifacts (named as
// the SDK keeps them) are what the view shows. Two differences are the SDK's own and stay: a Task snapshot
// replaces the accumulated history (ResultManager keeps the stored one only when the snapshot's is empty),
// so a status message the client passed on can be missing from the task while the view keeps it as the
// client showed it; and a snapshot that moves a finished task to another state, which ResultManager
// stores as sent while the view keeps the terminal state (`a2a/terminal-state-changed`, a warning, says so).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { InMemoryTaskStore, ResultManager, ServerCallContext } from '@a2a-js/sdk/server';
import { taskStateToJSON, type Task } from '@a2a-js/sdk';
import { toCaptureFile } from '../../src/capture-format/capture-format';
import { check } from '../../src/api/check';
import { render } from '../../src/api/render';
import type { ViewModel } from '../../src/model/view';
import { runExchanges } from '../../src/protocols/a2a/testing';
import { userTextMessage } from '../../demo/a2a/user-message';
import { asAgentEvent } from '../support/a2a-recording';
import { Recorder } from '../support/mcp-recording';
import { interleave, mutate } from '../support/interleave';

const T = 'task-1';
const C = 'ctx-1';

// ---- abstract events ----
interface Msg {
  id: string;
  text: string;
}
interface Art {
  id: string;
  name?: string;
  text: string;
}
type Ev =
  | { k: 'task'; state: string; message?: Msg; history: Msg[]; artifacts: Art[]; userInHistory: boolean }
  | { k: 'status'; state: string; message?: Msg; final: boolean }
  | { k: 'artifact'; art: Art; append?: boolean; lastChunk?: boolean }
  | { k: 'message'; message: Msg; withTask: boolean };

const TERMINAL = new Set(['completed', 'failed', 'canceled', 'rejected']);
const INTERRUPTED = new Set(['input-required', 'auth-required']);
const V1_STATE: Record<string, string> = {
  submitted: 'TASK_STATE_SUBMITTED',
  working: 'TASK_STATE_WORKING',
  completed: 'TASK_STATE_COMPLETED',
  failed: 'TASK_STATE_FAILED',
  canceled: 'TASK_STATE_CANCELED',
  'input-required': 'TASK_STATE_INPUT_REQUIRED',
  rejected: 'TASK_STATE_REJECTED',
  'auth-required': 'TASK_STATE_AUTH_REQUIRED',
};
const USER = { id: 'user-1', text: 'Weather?' };

function wire(e: Ev, v: '0.3' | '1.0'): Record<string, unknown> {
  const msg03 = (m: Msg) => ({ kind: 'message', messageId: m.id, role: 'agent', parts: [{ kind: 'text', text: m.text }], taskId: T, contextId: C });
  const msg1 = (m: Msg) => ({ messageId: m.id, role: 'ROLE_AGENT', parts: [{ text: m.text }], taskId: T, contextId: C });
  const user03 = { kind: 'message', messageId: USER.id, role: 'user', parts: [{ kind: 'text', text: USER.text }], contextId: C, taskId: T };
  const user1 = { messageId: USER.id, role: 'ROLE_USER', parts: [{ text: USER.text }], contextId: C, taskId: T };
  const art03 = (a: Art) => ({ artifactId: a.id, ...(a.name !== undefined && { name: a.name }), parts: [{ kind: 'text', text: a.text }] });
  const art1 = (a: Art) => ({ artifactId: a.id, ...(a.name !== undefined && { name: a.name }), parts: [{ text: a.text }] });
  if (v === '0.3') {
    switch (e.k) {
      case 'task':
        return { kind: 'task', id: T, contextId: C, status: { state: e.state, ...(e.message && { message: msg03(e.message) }) }, history: [...(e.userInHistory ? [user03] : []), ...e.history.map(msg03)], ...(e.artifacts.length > 0 && { artifacts: e.artifacts.map(art03) }) };
      case 'status':
        return { kind: 'status-update', taskId: T, contextId: C, status: { state: e.state, ...(e.message && { message: msg03(e.message) }) }, final: e.final };
      case 'artifact':
        return { kind: 'artifact-update', taskId: T, contextId: C, artifact: art03(e.art), ...(e.append !== undefined && { append: e.append }), ...(e.lastChunk !== undefined && { lastChunk: e.lastChunk }) };
      case 'message':
        return e.withTask ? msg03(e.message) : { kind: 'message', messageId: e.message.id, role: 'agent', parts: [{ kind: 'text', text: e.message.text }], contextId: C };
    }
  }
  switch (e.k) {
    case 'task':
      return { task: { id: T, contextId: C, status: { state: V1_STATE[e.state], ...(e.message && { message: msg1(e.message) }) }, history: [...(e.userInHistory ? [user1] : []), ...e.history.map(msg1)], ...(e.artifacts.length > 0 && { artifacts: e.artifacts.map(art1) }) } };
    case 'status':
      return { statusUpdate: { taskId: T, contextId: C, status: { state: V1_STATE[e.state], ...(e.message && { message: msg1(e.message) }) } } };
    case 'artifact':
      return { artifactUpdate: { taskId: T, contextId: C, artifact: art1(e.art), ...(e.append !== undefined && { append: e.append }), ...(e.lastChunk !== undefined && { lastChunk: e.lastChunk }) } };
    case 'message':
      return { message: e.withTask ? msg1(e.message) : { messageId: e.message.id, role: 'ROLE_AGENT', parts: [{ text: e.message.text }], contextId: C } };
  }
}

/** A consistent snapshot of the task after `events` (what a server's Task event mid-stream would say). */
function snapshot(events: readonly Ev[], userInHistory: boolean): Ev {
  let state = 'submitted';
  let message: Msg | undefined;
  const history: Msg[] = [];
  const artifacts: Art[] = [];
  for (const e of events) {
    if (e.k === 'task') {
      state = e.state;
      message = e.message;
    } else if (e.k === 'status') {
      if (TERMINAL.has(state) && e.state !== state) continue;
      state = e.state;
      message = e.message;
      if (e.message && !history.some((m) => m.id === e.message!.id)) history.push(e.message);
    } else if (e.k === 'artifact') {
      const at = artifacts.findIndex((a) => a.id === e.art.id);
      if (at < 0) artifacts.push({ ...e.art });
      else if (e.append) artifacts[at] = { ...artifacts[at]!, text: artifacts[at]!.text + e.art.text, ...(e.art.name !== undefined && { name: e.art.name }) };
      else artifacts[at] = { ...e.art };
    }
  }
  return { k: 'task', state, ...(message && { message }), history, artifacts, userInHistory };
}

// ---- generation ----
const msgArb = (prefix: string) => fc.nat(99).map((n) => ({ id: `${prefix}-${n}`, text: `${prefix} says ${n}` }));

const drawnArb = fc.record({
  version: fc.constantFrom<'0.3' | '1.0'>('0.3', '1.0'),
  userInHistory: fc.boolean(),
  middle: fc.array(fc.record({ state: fc.constantFrom('working', 'working', 'input-required'), message: fc.option(msgArb('w'), { nil: undefined }) }), { maxLength: 2 }),
  last: fc.option(fc.record({ state: fc.constantFrom('completed', 'failed', 'input-required', 'auth-required', 'rejected', 'canceled'), message: fc.option(msgArb('f'), { nil: undefined }) }), { nil: undefined, freq: 6 }),
  artifacts: fc.array(
    fc.record({
      chunks: fc.integer({ min: 1, max: 3 }),
      naming: fc.constantFrom('all', 'first', 'none'),
      markLast: fc.boolean(),
      firstAppend: fc.constantFrom<boolean | undefined>(undefined, false),
    }),
    { maxLength: 2 },
  ),
  messages: fc.array(fc.record({ message: msgArb('m'), withTask: fc.boolean() }), { maxLength: 1 }),
  turns: fc.array(fc.nat(5), { maxLength: 40 }),
  mutations: fc.array(fc.tuple(fc.constantFrom('drop', 'repeat', 'swap', 'stale-task', 'snapshot'), fc.nat(60)), { maxLength: 2 }),
});
type Drawn = typeof drawnArb extends fc.Arbitrary<infer D> ? D : never;

function build(d: Drawn): Ev[] {
  const task0: Ev = { k: 'task', state: 'submitted', history: [], artifacts: [], userInHistory: d.userInHistory };
  // Distinct ids per drawn message (fast-check may draw the same number twice).
  let n = 0;
  const uniq = (m: Msg): Msg => ({ id: `${m.id}.${n}`, text: `${m.text}.${n++}` });
  const statuses: Ev[] = [
    ...d.middle.map((s): Ev => ({ k: 'status', state: s.state, ...(s.message && { message: uniq(s.message) }), final: INTERRUPTED.has(s.state) })),
    ...(d.last ? [{ k: 'status', state: d.last.state, ...(d.last.message && { message: uniq(d.last.message) }), final: true } as Ev] : []),
  ];
  const artifacts = d.artifacts.map((a, k): Ev[] =>
    Array.from({ length: a.chunks }, (_, c): Ev => ({
      k: 'artifact',
      art: { id: `art-${k}`, ...((a.naming === 'all' || (a.naming === 'first' && c === 0)) && { name: `name${k}` }), text: `A${k}c${c} ` },
      ...(c === 0 ? (a.firstAppend === undefined ? {} : { append: a.firstAppend }) : { append: true }),
      ...(a.markLast && c === a.chunks - 1 && { lastChunk: true }),
    })),
  );
  const messages = d.messages.map((m): Ev[] => [{ k: 'message', message: uniq(m.message), withTask: m.withTask }]);
  const parts = [statuses, ...artifacts, ...messages].filter((p) => p.length > 0);
  let events: Ev[] = [task0, ...(interleave(parts, d.turns) as Ev[])];
  for (const [op, at] of d.mutations) {
    const k = at % (events.length + 1);
    if (op === 'stale-task') events.splice(k, 0, task0);
    else if (op === 'snapshot') events.splice(k, 0, snapshot(events.slice(0, k), d.userInHistory));
    else events = mutate(events, [[op as 'drop' | 'repeat' | 'swap', at]], 'none', 1) as Ev[];
  }
  return events;
}

// ---- the SDK side ----
let server: Server;
let origin = '';
let serving: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const id = (JSON.parse(body) as { id: unknown }).id;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const result of serving) res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id, result })}\n\n`);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/a2a`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
});

interface Shown {
  state: string;
  messages: string[];
  artifacts: string[];
  /** Errors the client (or the accumulation) threw. */
  threw: string[];
}

const textOfParts = (parts: readonly { content?: { $case: string; value: unknown } }[]): string => parts.map((p) => (p.content?.$case === 'text' ? String(p.content.value) : '')).join('');

async function sdkRun(events: readonly Record<string, unknown>[], version: '0.3' | '1.0'): Promise<{ sdk: Shown; capture: ReturnType<Recorder['capture']> }> {
  serving = [...events];
  const recorder = new Recorder();
  const factory = new ClientFactory({ transports: [new JsonRpcTransportFactory({ fetchImpl: recorder.fetch, legacyCompat: { enabled: true } })] });
  const card = {
    name: 'agreement',
    description: 'a loopback agent',
    version: '1.0.0',
    supportedInterfaces: [{ url: origin, protocolBinding: 'JSONRPC', protocolVersion: version, tenant: '' }],
    capabilities: { streaming: true, pushNotifications: false, extensions: [] },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
  };
  const client = await factory.createFromAgentCard(card as never);
  const results = new ResultManager(new InMemoryTaskStore(), new ServerCallContext());
  const message = userTextMessage(USER.id, USER.text);
  results.setContext(message);
  const threw: string[] = [];
  const streamed: { id: string; text: string }[] = [];
  try {
    for await (const response of client.sendMessageStream({ tenant: '', message, configuration: undefined, metadata: undefined })) {
      if (response.payload?.$case === 'message' && response.payload.value.role === 2) streamed.push({ id: response.payload.value.messageId, text: textOfParts(response.payload.value.parts) });
      const event = asAgentEvent(response);
      if (event) await results.processEvent(event);
    }
  } catch (err) {
    threw.push(err instanceof Error ? err.message : String(err));
  }
  await recorder.settled();
  const task: Task | undefined = results.getCurrentTask();
  const history = (task?.history ?? []).filter((m) => m.role === 2).map((m) => ({ id: m.messageId, text: textOfParts(m.parts) }));
  const seen = new Set(history.map((m) => m.id));
  const messages: string[] = history.map((m) => m.text);
  for (const m of streamed) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    messages.push(m.text);
  }
  const artifacts = (task?.artifacts ?? []).map((a) => `${a.name ? `${a.name}: ` : ''}${textOfParts(a.parts)}`);
  const state = task?.status ? taskStateToJSON(task.status.state).replace('TASK_STATE_', '').toLowerCase().replace('_', '-') : 'none';
  return { sdk: { state, messages, artifacts, threw }, capture: recorder.capture() };
}

// ---- our side ----
interface Ours {
  /** The state the view tells: failed/rejected (a "task …" error item), waiting (a waiting question), or other. */
  tells: string;
  messages: string[];
  artifacts: string[];
  errors: string[];
  rules: string[];
  view: ViewModel;
}

function ours(capture: ReturnType<Recorder['capture']>): Ours {
  const text = JSON.stringify(toCaptureFile(capture, { redact: false }));
  const results = check(text).filter((r) => r.protocol === 'a2a');
  const findings = results.flatMap((r) => r.findings);
  const view = render(text, { format: 'view' });
  const messages: string[] = [];
  const artifacts: string[] = [];
  let tells = 'other';
  for (const item of view.items) {
    if (item.kind === 'text') (item.id.startsWith('artifact-') ? artifacts : messages).push(item.text);
    else if (item.kind === 'question') {
      const q = item.questions[0]?.question ?? '';
      if (!q.startsWith('The agent needs')) messages.push(q);
      if (item.state === 'waiting') tells = 'waiting';
    } else if (item.kind === 'error' && /^task (failed|rejected)/.test(item.message)) {
      const m = /^task (?:failed|rejected): (.*)$/s.exec(item.message);
      if (m) messages.push(m[1]!);
      tells = 'failed';
    }
  }
  return { tells, messages, artifacts, errors: findings.filter((f) => f.severity === 'error').map((f) => f.rule), rules: [...new Set(findings.filter((f) => f.severity !== 'info').map((f) => `${f.rule}(${f.severity[0]})`))].sort(), view };
}

function tellsOf(state: string): string {
  if (state === 'failed' || state === 'rejected') return 'failed';
  if (INTERRUPTED.has(state)) return 'waiting';
  return 'other';
}

const sorted = (xs: readonly string[]) => [...xs].sort();

/** The ways the two differ, as a class key; undefined when they agree. */
function compare(sdk: Shown, o: Ours): { category: string; diffs: string[]; detail: string } | undefined {
  const diffs: string[] = [];
  if (sdk.threw.length > 0) {
    if (o.errors.length === 0) diffs.push('sdk-throws/no-error');
    else return undefined;
  }
  const missing = (a: readonly string[], b: readonly string[]) => a.some((x) => !b.includes(x));
  if (missing(sdk.messages, o.messages)) diffs.push('view-lacks-message');
  if (missing(o.messages, sdk.messages)) diffs.push('sdk-lacks-message');
  const untitled = (xs: readonly string[]) => JSON.stringify(sorted(xs.map((x) => x.replace(/^name\d: /, ''))));
  if (JSON.stringify(sorted(sdk.artifacts)) !== JSON.stringify(sorted(o.artifacts))) diffs.push(untitled(sdk.artifacts) === untitled(o.artifacts) ? 'artifact-title' : 'artifacts');
  if (tellsOf(sdk.state) !== o.tells) diffs.push(`state(sdk ${tellsOf(sdk.state)}, view ${o.tells})`);
  if (diffs.length === 0 && o.errors.length === 0) return undefined;
  const category = diffs.length === 0 ? 'error-but-same-view' : o.errors.length > 0 ? 'differs-with-error' : o.rules.length > 0 ? 'differs-warned' : 'differs-silent';
  return {
    category,
    diffs,
    detail: `sdk=${JSON.stringify(sdk)}\nours={tells:${o.tells}, messages:${JSON.stringify(o.messages)}, artifacts:${JSON.stringify(o.artifacts)}, rules:${o.rules.join(' ')}}`,
  };
}

/** The explained differences (see the header): the only ones a stream may show, and only with a warning. */
const EXPLAINED = new Set(['sdk-lacks-message', 'state(sdk other, view failed)']);

describe('agreement with @a2a-js/sdk on interleaved streams', () => {
  it('the task the SDK accumulates is what the view shows, or the fold reports an error', async () => {
    let agreed = 0;
    await fc.assert(
      fc.asyncProperty(drawnArb, async (d) => {
        const events = build(d).map((e) => wire(e, d.version));
        const { sdk, capture } = await sdkRun(events, d.version);
        const diff = compare(sdk, ours(capture));
        if (!diff) return void agreed++;
        if (diff.category === 'error-but-same-view' || diff.category === 'differs-with-error') return;
        expect({ category: diff.category, unexplained: diff.diffs.filter((x) => !EXPLAINED.has(x)), detail: diff.detail }).toMatchObject({ category: 'differs-warned', unexplained: [] });
      }),
      { seed: 42, numRuns: 300 },
    );
    // Most streams agree outright, so the comparison compares something.
    expect(agreed).toBeGreaterThan(200);
  }, 600_000);
});

// Each class the draw found, the smallest stream (v0.3 `message/stream`).
const task = (state: string, extra: Record<string, unknown> = {}) => ({ kind: 'task', id: T, contextId: C, status: { state }, history: [{ kind: 'message', messageId: USER.id, role: 'user', parts: [{ kind: 'text', text: USER.text }], contextId: C, taskId: T }], ...extra });
const agent = (messageId: string, text: string) => ({ kind: 'message', messageId, role: 'agent', parts: [{ kind: 'text', text }], taskId: T, contextId: C });
const status = (state: string, final: boolean, message?: object) => ({ kind: 'status-update', taskId: T, contextId: C, status: { state, ...(message && { message }) }, final });
const chunk = (text: string, extra: Record<string, unknown> = {}, name?: string) => ({ kind: 'artifact-update', taskId: T, contextId: C, artifact: { artifactId: 'a1', ...(name !== undefined && { name }), parts: [{ kind: 'text', text }] }, ...extra });
const questions = (view: ViewModel) => view.items.flatMap((i) => (i.kind === 'question' ? [{ question: i.questions[0]?.question, state: i.state }] : []));

async function both(events: Record<string, unknown>[]): Promise<{ sdk: Shown; o: Ours; capture: ReturnType<Recorder['capture']> }> {
  const { sdk, capture } = await sdkRun(events, '0.3');
  return { sdk, o: ours(capture), capture };
}

describe('the classes the draw found', () => {
  it('an artifact named on its first chunk only keeps its name, as the SDK keeps it', async () => {
    const { sdk, o } = await both([task('submitted'), chunk('Sunny', {}, 'forecast'), chunk(', 21 °C', { append: true, lastChunk: true }), status('completed', true)]);
    expect(sdk.artifacts).toEqual(['forecast: Sunny, 21 °C']);
    expect(o.artifacts).toEqual(sdk.artifacts);
    expect(o.rules).toEqual([]);
  });

  it('a Task snapshot asking for input, its history holding the question, draws the question the SDK waits on', async () => {
    const q = agent('q1', 'Which city?');
    const { sdk, o } = await both([task('input-required', { status: { state: 'input-required', message: q }, history: [task('x').history[0], q] }), status('input-required', true, q)]);
    expect(sdk.state).toBe('input-required');
    expect(o.view.items.map((i) => i.kind)).toEqual(['user', 'question']);
    expect(questions(o.view)).toEqual([{ question: 'Which city?', state: 'waiting' }]);
    expect(o.errors).toEqual([]);
  });

  it('a second interrupted status while the question waits is a new question; the first waits no more', async () => {
    const { sdk, o } = await both([task('submitted'), status('input-required', true, agent('q1', 'Which city?')), status('auth-required', true, agent('q2', 'Please sign in.'))]);
    expect(sdk.messages).toEqual(['Which city?', 'Please sign in.']);
    expect(sdk.state).toBe('auth-required');
    expect(questions(o.view)).toEqual([
      { question: 'Which city?', state: 'timeout' },
      { question: 'Please sign in.', state: 'waiting' },
    ]);
    expect(o.rules).toEqual(['a2a/event-after-final(w)']);
  });

  it('a task that leaves input-required without an answer leaves no question waiting', async () => {
    const { sdk, o } = await both([task('submitted'), status('input-required', true, agent('q1', 'Which city?')), status('canceled', true)]);
    expect(sdk.state).toBe('canceled');
    expect(questions(o.view)).toEqual([{ question: 'Which city?', state: 'timeout' }]);
    expect(o.rules).toEqual(['a2a/event-after-final(w)']);
  });

  it('a Task snapshot that moves a failed task on: the SDK stores it, and the warning says so', async () => {
    const { sdk, o, capture } = await both([task('submitted'), status('failed', true, agent('f1', 'No data')), task('submitted')]);
    expect(sdk.state).toBe('submitted');
    const changed = check(JSON.stringify(toCaptureFile(capture, { redact: false })))
      .flatMap((r) => r.findings)
      .find((f) => f.rule === 'a2a/terminal-state-changed');
    expect(changed?.message).toContain('a Task snapshot moves task "task-1" from failed');
    expect(changed?.message).toContain('takes the snapshot as sent');
    expect(o.tells).toBe('failed');
  });
});

describe('the same across requests', () => {
  const q = agent('q1', 'Which city?');
  const snap = task('input-required', { status: { state: 'input-required', message: q }, history: [task('x').history[0], q] });

  it('a page reloaded: tasks/get or tasks/resubscribe of a task waiting for input draws its question', () => {
    for (const x of [{ method: 'tasks/get', params: { id: T }, events: [snap] }, { method: 'tasks/resubscribe', params: { id: T }, events: [snap, status('input-required', true, q)] }]) {
      const { view, findings } = runExchanges([x]);
      expect(view.items.map((i) => i.kind)).toEqual(['user', 'question']);
      expect(questions(view)).toEqual([{ question: 'Which city?', state: 'waiting' }]);
      expect(findings.map((f) => f.rule)).toEqual([]);
    }
  });

  it('tasks/cancel of a task that asked: its question waits no more', () => {
    const { view, findings } = runExchanges([
      { method: 'message/stream', params: { message: { kind: 'message', messageId: USER.id, role: 'user', parts: [{ kind: 'text', text: USER.text }] } }, events: [task('submitted'), status('input-required', true, q)] },
      { method: 'tasks/cancel', params: { id: T }, events: [{ ...task('canceled'), history: [task('x').history[0], q] }] },
    ]);
    expect(questions(view)).toEqual([{ question: 'Which city?', state: 'timeout' }]);
    expect(findings.map((f) => f.rule)).toEqual([]);
  });

  it('a follow-up stream that starts by asking again, with a new question, asks it', () => {
    const q2 = agent('q2', 'Which day?');
    const { view } = runExchanges([
      { method: 'message/stream', params: { message: { kind: 'message', messageId: USER.id, role: 'user', parts: [{ kind: 'text', text: USER.text }] } }, events: [task('submitted'), status('input-required', true, q)] },
      { method: 'message/stream', params: { message: { kind: 'message', messageId: 'u2', role: 'user', taskId: T, contextId: C, parts: [{ kind: 'text', text: 'Oslo' }] } }, events: [task('input-required', { status: { state: 'input-required', message: q2 }, history: [task('x').history[0], q, q2] })] },
    ]);
    expect(questions(view)).toEqual([
      { question: 'Which city?', state: 'answered' },
      { question: 'Which day?', state: 'waiting' },
    ]);
  });
});
