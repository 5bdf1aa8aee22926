// A2A (Agent2Agent) messages are JSON-RPC 2.0. Two wire versions are in use and both are read:
// - v1.0, which `@a2a-js/sdk` 1.x speaks by default: methods `SendStreamingMessage`, `SendMessage`,
//   `GetTask`, `SubscribeToTask`…; a stream result is a one-of wrapper (`{task}`, `{message}`,
//   `{statusUpdate}`, `{artifactUpdate}`), states are `TASK_STATE_*`, roles `ROLE_*`, and a part is
//   `{text}`, `{raw}`, `{url}` or `{data}` beside `mediaType`/`filename` (the proto3 JSON mapping of
//   the SDK's published `StreamResponse`, `Task`, `Message`, `Part` types).
// - v0.3, which the SDK's `compat/v0_3` layer and earlier agents speak: methods `message/stream`,
//   `message/send`, `tasks/get`, `tasks/resubscribe`…; results carry a `kind` (`task`, `message`,
//   `status-update`, `artifact-update`), states are kebab-case and a status update has `final`.
// The SDK exports no zod schemas, so these follow its published types field by field. Loose objects:
// the SDK's readers (`fromJSON`) skip fields they do not know.
import { z } from 'zod';

const str = z.string();
const metadata = z.record(z.string(), z.unknown()).nullish();

/** v0.3 task states, which the view uses for both versions. */
export const TASK_STATES = ['submitted', 'working', 'input-required', 'auth-required', 'completed', 'failed', 'canceled', 'rejected', 'unknown'] as const;
export type TaskStateName = (typeof TASK_STATES)[number];

/** A terminal state ends the task: the SDK's server ignores any other state after it. */
export const TERMINAL_STATES: ReadonlySet<TaskStateName> = new Set(['completed', 'failed', 'canceled', 'rejected']);
/** An interrupted state ends the stream while the task waits for the user (`input-required`) or credentials. */
export const INTERRUPTED_STATES: ReadonlySet<TaskStateName> = new Set(['input-required', 'auth-required']);

/** v1.0 `TASK_STATE_*` names by the v0.3 name they stand for. */
export const V1_STATES: Readonly<Record<string, TaskStateName>> = {
  TASK_STATE_UNSPECIFIED: 'unknown',
  TASK_STATE_SUBMITTED: 'submitted',
  TASK_STATE_WORKING: 'working',
  TASK_STATE_INPUT_REQUIRED: 'input-required',
  TASK_STATE_AUTH_REQUIRED: 'auth-required',
  TASK_STATE_COMPLETED: 'completed',
  TASK_STATE_FAILED: 'failed',
  TASK_STATE_CANCELED: 'canceled',
  TASK_STATE_REJECTED: 'rejected',
};

/** V1_STATES as a switch on the literals, for the hot path: a parsed string is hashed at every lookup by key. */
export function stateOfV1(state: unknown): TaskStateName | undefined {
  switch (state) {
    case 'TASK_STATE_WORKING':
      return 'working';
    case 'TASK_STATE_COMPLETED':
      return 'completed';
    case 'TASK_STATE_SUBMITTED':
      return 'submitted';
    case 'TASK_STATE_INPUT_REQUIRED':
      return 'input-required';
    case 'TASK_STATE_AUTH_REQUIRED':
      return 'auth-required';
    case 'TASK_STATE_FAILED':
      return 'failed';
    case 'TASK_STATE_CANCELED':
      return 'canceled';
    case 'TASK_STATE_REJECTED':
      return 'rejected';
    case 'TASK_STATE_UNSPECIFIED':
      return 'unknown';
    default:
      return undefined;
  }
}

// ---- v0.3 ----
const V03TextPart = z.looseObject({ kind: z.literal('text'), text: str, metadata });
const V03FilePart = z.looseObject({
  kind: z.literal('file'),
  file: z.union([
    z.looseObject({ bytes: str, name: str.nullish(), mimeType: str.nullish() }),
    z.looseObject({ uri: str, name: str.nullish(), mimeType: str.nullish() }),
  ]),
  metadata,
});
const V03DataPart = z.looseObject({ kind: z.literal('data'), data: z.record(z.string(), z.unknown()), metadata });
export const V03Part = z.discriminatedUnion('kind', [V03TextPart, V03FilePart, V03DataPart]);
export const V03Message = z.looseObject({
  kind: z.literal('message'),
  messageId: str,
  role: z.enum(['user', 'agent']),
  parts: z.array(V03Part),
  taskId: str.nullish(),
  contextId: str.nullish(),
  metadata,
});
const V03Status = z.looseObject({ state: z.enum(TASK_STATES), message: V03Message.nullish(), timestamp: str.nullish() });
const V03Artifact = z.looseObject({ artifactId: str, name: str.nullish(), description: str.nullish(), parts: z.array(V03Part), metadata });
export const V03Task = z.looseObject({
  kind: z.literal('task'),
  id: str,
  contextId: str,
  status: V03Status,
  history: z.array(V03Message).nullish(),
  artifacts: z.array(V03Artifact).nullish(),
  metadata,
});
export const V03StatusUpdate = z.looseObject({ kind: z.literal('status-update'), taskId: str, contextId: str, status: V03Status, final: z.boolean(), metadata });
export const V03ArtifactUpdate = z.looseObject({
  kind: z.literal('artifact-update'),
  taskId: str,
  contextId: str,
  artifact: V03Artifact,
  append: z.boolean().nullish(),
  lastChunk: z.boolean().nullish(),
  metadata,
});
export const V03Result = z.discriminatedUnion('kind', [V03Task, V03Message, V03StatusUpdate, V03ArtifactUpdate]);

// ---- v1.0 (proto3 JSON) ----
export const V1Part = z
  .looseObject({
    text: str.optional(),
    raw: str.optional(),
    url: str.optional(),
    data: z.unknown().optional(),
    mediaType: str.optional(),
    filename: str.optional(),
    metadata,
  })
  .refine((p) => [p.text, p.raw, p.url, p.data].filter((v) => v !== undefined).length === 1, 'a part has exactly one of "text", "raw", "url", "data"');
const V1Role = z.enum(['ROLE_USER', 'ROLE_AGENT', 'ROLE_UNSPECIFIED']);
export const V1Message = z.looseObject({
  messageId: str,
  role: V1Role,
  parts: z.array(V1Part),
  taskId: str.optional(),
  contextId: str.optional(),
  metadata,
});
const V1State = z.enum(Object.keys(V1_STATES) as [string, ...string[]]);
const V1Status = z.looseObject({ state: V1State, message: V1Message.optional(), timestamp: str.optional() });
const V1Artifact = z.looseObject({ artifactId: str, name: str.optional(), description: str.optional(), parts: z.array(V1Part), metadata });
export const V1Task = z.looseObject({
  id: str,
  contextId: str.optional(),
  status: V1Status,
  history: z.array(V1Message).optional(),
  artifacts: z.array(V1Artifact).optional(),
  metadata,
});
export const V1StatusUpdate = z.looseObject({ taskId: str, contextId: str.optional(), status: V1Status, metadata });
export const V1ArtifactUpdate = z.looseObject({
  taskId: str,
  contextId: str.optional(),
  artifact: V1Artifact,
  append: z.boolean().optional(),
  lastChunk: z.boolean().optional(),
  metadata,
});
/** `StreamResponse` (and `SendMessageResponse`, its first two cases): exactly one field is set. */
export const V1_PAYLOADS = {
  task: V1Task,
  message: V1Message,
  statusUpdate: V1StatusUpdate,
  artifactUpdate: V1ArtifactUpdate,
} as const;
export type V1PayloadName = keyof typeof V1_PAYLOADS;

/** A JSON-RPC response frame, as the SDK client checks it before reading `result`. */
export const JsonRpcResponse = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.unknown().optional(),
  error: z.looseObject({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
});

/** Methods of both versions, with what a call is: a message sent (streamed or not), a task read, a (re)subscription. */
export const A2A_METHODS: Readonly<Record<string, 'send' | 'stream' | 'get' | 'subscribe' | 'cancel' | 'other'>> = {
  'message/send': 'send',
  'message/stream': 'stream',
  'tasks/get': 'get',
  'tasks/cancel': 'cancel',
  'tasks/resubscribe': 'subscribe',
  'tasks/pushNotificationConfig/set': 'other',
  'tasks/pushNotificationConfig/get': 'other',
  'tasks/pushNotificationConfig/list': 'other',
  'tasks/pushNotificationConfig/delete': 'other',
  'agent/getAuthenticatedExtendedCard': 'other',
  SendMessage: 'send',
  SendStreamingMessage: 'stream',
  GetTask: 'get',
  ListTasks: 'other',
  CancelTask: 'cancel',
  SubscribeToTask: 'subscribe',
  CreateTaskPushNotificationConfig: 'other',
  GetTaskPushNotificationConfig: 'other',
  ListTaskPushNotificationConfigs: 'other',
  DeleteTaskPushNotificationConfig: 'other',
  GetExtendedAgentCard: 'other',
};
