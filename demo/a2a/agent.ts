// The demo's A2A agent: `@a2a-js/sdk`'s own server (DefaultRequestHandler, its Express JSON-RPC and
// agent-card handlers, an in-memory task store) with a deterministic executor. A first message opens
// a task that works, then asks which city (`input-required`, which ends the stream); the user's answer
// (a message with the task's id) resumes it: working, the forecast artifact in two chunks, completed.
// Buggy variants keep the real server and rewrite its SSE events on the way out, one rule family each.
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, type AgentExecutor } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import { Role, TaskState, type AgentCard, type Message, type Part } from '@a2a-js/sdk';

export const A2A_BASE = '/a2a';
/** The question the agent asks, and the artifact it answers with: what a page and the panel show. */
export const A2A_QUESTION = 'Which city should I look up?';
export const a2aForecast = (city: string): [string, string] => ['Sunny', `, 21 °C in ${city}`];

const text = (value: string): Part => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: 'text/plain' });
const agentMessage = (messageId: string, taskId: string, contextId: string, value: string): Message => ({
  messageId,
  taskId,
  contextId,
  role: Role.ROLE_AGENT,
  parts: [text(value)],
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});

function userText(message: Message): string {
  const part = message.parts.find((p) => p.content?.$case === 'text');
  return part?.content?.$case === 'text' ? part.content.value.trim() : '';
}

const executor: AgentExecutor = {
  cancelTask: async () => {},
  async execute(ctx, bus) {
    const { taskId, contextId } = ctx;
    const status = (state: TaskState, message?: Message) => AgentEvent.statusUpdate({ taskId, contextId, status: { state, timestamp: undefined, message }, metadata: undefined });
    // Every call starts with the task, a follow-up too (the server rejects a stream that does not).
    bus.publish(AgentEvent.task(ctx.task ?? { id: taskId, contextId, status: { state: TaskState.TASK_STATE_SUBMITTED, timestamp: undefined, message: undefined }, artifacts: [], history: [ctx.userMessage], metadata: undefined }));
    bus.publish(status(TaskState.TASK_STATE_WORKING));
    if (!ctx.task) {
      bus.publish(status(TaskState.TASK_STATE_INPUT_REQUIRED, agentMessage(`${taskId}-question`, taskId, contextId, A2A_QUESTION)));
      return;
    }
    const city = userText(ctx.userMessage) || 'Oslo';
    const [first, rest] = a2aForecast(city);
    const artifact = (value: string) => ({ artifactId: `${taskId}-forecast`, name: 'forecast', description: '', parts: [text(value)], metadata: undefined, extensions: [] });
    bus.publish(AgentEvent.artifactUpdate({ taskId, contextId, artifact: artifact(first), append: false, lastChunk: false, metadata: undefined }));
    bus.publish(AgentEvent.artifactUpdate({ taskId, contextId, artifact: artifact(rest), append: true, lastChunk: true, metadata: undefined }));
    bus.publish(status(TaskState.TASK_STATE_COMPLETED, agentMessage(`${taskId}-done`, taskId, contextId, `Forecast for ${city} ready.`)));
  },
};

/** How a buggy variant rewrites the server's SSE events: each JSON-RPC response in, the ones to send out. */
type Rewrite = (event: Record<string, unknown>, n: number) => Record<string, unknown>[];

const result = (e: Record<string, unknown>): Record<string, unknown> => (e.result ?? {}) as Record<string, unknown>;

/** One buggy backend per rule family, with the rule the panel must report on it. */
export const A2A_VARIANTS: Readonly<Record<string, { rule: string; rewrite: Rewrite }>> = {
  // JSON-RPC pairing: the events answer another request id.
  pairing: { rule: 'a2a/response-id-mismatch', rewrite: (e) => [{ ...e, id: 9999 }] },
  // An event after the final one: the completed status sent twice.
  'after-final': { rule: 'a2a/event-after-final', rewrite: (e) => (isState(e, 'TASK_STATE_COMPLETED') ? [e, e] : [e]) },
  // Artifact chunk order: the appended chunk names an artifact the task does not have.
  artifacts: {
    rule: 'a2a/artifact-append-unknown',
    rewrite: (e) => {
      const update = result(e).artifactUpdate as Record<string, unknown> | undefined;
      if (!update || update.append !== true) return [e];
      return [{ ...e, result: { artifactUpdate: { ...update, artifact: { ...(update.artifact as object), artifactId: 'no-such-artifact' } } } }];
    },
  },
  // An update for a task the stream never named.
  'unknown-task': {
    rule: 'a2a/unknown-task',
    rewrite: (e) => {
      const update = result(e).statusUpdate as Record<string, unknown> | undefined;
      return update && isState(e, 'TASK_STATE_WORKING') ? [{ ...e, result: { statusUpdate: { ...update, taskId: 'task-nobody-named' } } }] : [e];
    },
  },
};

function isState(e: Record<string, unknown>, state: string): boolean {
  const update = result(e).statusUpdate as { status?: { state?: string } } | undefined;
  return update?.status?.state === state;
}

/** Rewrites the `data:` records of an SSE response as the variant says; other bodies pass unchanged. */
function rewriteSse(rewrite: Rewrite) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    let n = 0;
    let pending = '';
    res.write = ((chunk: unknown, ...rest: unknown[]): boolean => {
      if (!String(res.getHeader('content-type') ?? '').includes('text/event-stream')) return write(chunk, ...rest);
      pending += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
      let out = '';
      let end: number;
      while ((end = pending.indexOf('\n\n')) >= 0) {
        const record = pending.slice(0, end);
        pending = pending.slice(end + 2);
        const data = /^data: (.*)$/m.exec(record)?.[1];
        if (data === undefined) {
          out += `${record}\n\n`;
          continue;
        }
        for (const e of rewrite(JSON.parse(data) as Record<string, unknown>, n++)) out += `data: ${JSON.stringify(e)}\n\n`;
      }
      return out === '' ? true : write(out, ...rest);
    }) as Response['write'];
    next();
  };
}

/** The agent as an Express app: `/a2a/<variant>/` for each variant (`clean` included) with its agent card. */
export function createA2aApp(origin: () => string): Express {
  const app = express();
  for (const variant of ['clean', ...Object.keys(A2A_VARIANTS)]) {
    const base = `${A2A_BASE}/${variant}`;
    const card = (): AgentCard => ({
      name: 'Forecast agent',
      description: 'Asks for a city, then streams its forecast as an artifact.',
      supportedInterfaces: [{ url: `${origin()}${base}/rpc`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
      provider: undefined,
      version: '1.0.0',
      capabilities: { streaming: true, pushNotifications: false, extensions: [] },
      securitySchemes: {},
      securityRequirements: [],
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [],
      signatures: [],
    });
    const handler = new DefaultRequestHandler(card(), new InMemoryTaskStore(), executor);
    app.use(`${base}/.well-known/agent-card.json`, agentCardHandler({ agentCardProvider: { getAgentCard: async () => card() } }));
    const bug = A2A_VARIANTS[variant];
    if (bug) app.use(`${base}/rpc`, rewriteSse(bug.rewrite));
    app.use(`${base}/rpc`, jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  }
  return app;
}
