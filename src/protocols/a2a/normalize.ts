// One A2A result, of either wire version, as the fold's own event: v1.0's one-of wrapper and v0.3's
// `kind` become the same four kinds, v1.0's `TASK_STATE_*` and `ROLE_*` the v0.3 names, and a part
// one of text, file or data. A result that matches neither version's schema gives the schema's issue.
import { describeIssues, isRecord } from '../shared/view-helpers';
import type { z } from 'zod';
import { safeText } from '../../model/safe-text';
import { stateOfV1, V03Result, V1_PAYLOADS, V1Task, type TaskStateName, type V1PayloadName } from './schema';
import { v03MessageOk, v03ResultOk, V1_FAST } from './fast-path';

export interface A2APart {
  kind: 'text' | 'file' | 'data';
  text?: string;
  name?: string;
  mediaType?: string;
  uri?: string;
  /** Characters of base64 the part carries inline. */
  bytes?: number;
  data?: unknown;
}

export interface A2AMessage {
  messageId: string;
  role: 'user' | 'agent';
  parts: A2APart[];
  taskId?: string;
  contextId?: string;
}

export interface A2AArtifact {
  artifactId: string;
  name?: string;
  parts: A2APart[];
}

export type A2AEvent =
  | { kind: 'task'; id: string; contextId?: string; state: TaskStateName; message?: A2AMessage; history: A2AMessage[]; artifacts: A2AArtifact[] }
  | { kind: 'message'; message: A2AMessage }
  | { kind: 'status-update'; taskId: string; contextId?: string; state: TaskStateName; message?: A2AMessage; final?: boolean }
  | { kind: 'artifact-update'; taskId: string; contextId?: string; artifact: A2AArtifact; append: boolean; lastChunk: boolean };

export type WireVersion = '0.3' | '1.0';

export type ReadResult = { ok: true; event: A2AEvent; version: WireVersion } | { ok: false; reason: string; version?: WireVersion };

const V1_KEYS = Object.keys(V1_PAYLOADS) as V1PayloadName[];

type V03ResultData = z.infer<typeof V03Result>;

/** Reads a JSON-RPC `result` of a message, stream, task or subscription call. */
export function readResult(result: unknown): ReadResult {
  if (!isRecord(result)) return { ok: false, reason: `"result" is ${result === null ? 'null' : Array.isArray(result) ? 'an array' : typeof result}, expected an object` };
  if ('kind' in result) return readV03(result);
  // The one field set, without a list per result (the common case).
  let one: V1PayloadName | undefined;
  let count = 0;
  for (const k of V1_KEYS) {
    if (result[k] === undefined) continue;
    one = k;
    count++;
  }
  if (count === 1) return readV1(one as V1PayloadName, result[one as V1PayloadName]);
  if (count > 1) {
    const present = V1_KEYS.filter((k) => result[k] !== undefined);
    return { ok: false, version: '1.0', reason: `the result sets ${present.map((k) => `"${k}"`).join(' and ')}; a StreamResponse sets exactly one` };
  }
  // GetTask and CancelTask answer with the Task itself.
  if ('status' in result && 'id' in result) return readV1('task', result);
  return { ok: false, reason: `the result has none of "task", "message", "statusUpdate", "artifactUpdate" (v1.0) nor a "kind" (v0.3)` };
}

function readV03(result: Record<string, unknown>): ReadResult {
  let r: V03ResultData;
  if (v03ResultOk(result)) r = result as V03ResultData;
  else {
    const parsed = V03Result.safeParse(result);
    if (!parsed.success) return { ok: false, version: '0.3', reason: `${safeText(result.kind, 40)}: ${describeIssues(parsed.error.issues)}` };
    r = parsed.data;
  }
  switch (r.kind) {
    case 'task':
      return ok03({ kind: 'task', id: r.id, contextId: r.contextId, state: r.status.state, message: optional(r.status.message, message03), history: (r.history ?? []).map(message03), artifacts: (r.artifacts ?? []).map(artifact03) });
    case 'message':
      return ok03({ kind: 'message', message: message03(r) });
    case 'status-update':
      return ok03({ kind: 'status-update', taskId: r.taskId, contextId: r.contextId, state: r.status.state, message: optional(r.status.message, message03), final: r.final });
    case 'artifact-update':
      return ok03({ kind: 'artifact-update', taskId: r.taskId, contextId: r.contextId, artifact: artifact03(r.artifact), append: r.append === true, lastChunk: r.lastChunk === true });
  }
}

function readV1(name: V1PayloadName, value: unknown): ReadResult {
  let v: Record<string, unknown>;
  if (V1_FAST[name](value)) v = value as Record<string, unknown>;
  else {
    const schema = name === 'task' ? V1Task : V1_PAYLOADS[name];
    const parsed = schema.safeParse(value);
    if (!parsed.success) return { ok: false, version: '1.0', reason: `${name}: ${describeIssues(parsed.error.issues)}` };
    v = parsed.data as Record<string, unknown>;
  }
  switch (name) {
    case 'task': {
      const status = v.status as V1Status;
      return ok1({ kind: 'task', id: v.id as string, contextId: contextOf(v), state: stateOfV1(status.state) ?? 'unknown', message: optional(status.message, message1), history: ((v.history as unknown[] | undefined) ?? []).map(message1), artifacts: ((v.artifacts as unknown[] | undefined) ?? []).map(artifact1) });
    }
    case 'message':
      return ok1({ kind: 'message', message: message1(v) });
    case 'statusUpdate': {
      const status = v.status as V1Status;
      return ok1({ kind: 'status-update', taskId: v.taskId as string, contextId: contextOf(v), state: stateOfV1(status.state) ?? 'unknown', message: optional(status.message, message1) });
    }
    case 'artifactUpdate':
      return ok1({ kind: 'artifact-update', taskId: v.taskId as string, contextId: contextOf(v), artifact: artifact1(v.artifact), append: v.append === true, lastChunk: v.lastChunk === true });
  }
}

interface V1Status {
  state: string;
  message?: unknown;
}

// Optional fields may be present as undefined: events are read, never compared key by key.
const ok03 = (event: A2AEvent): ReadResult => ({ ok: true, event, version: '0.3' });
const ok1 = (event: A2AEvent): ReadResult => ({ ok: true, event, version: '1.0' });

function contextOf(v: Record<string, unknown>): string | undefined {
  return typeof v.contextId === 'string' && v.contextId !== '' ? v.contextId : undefined;
}

function optional<T>(value: unknown, read: (v: unknown) => T): T | undefined {
  return value === undefined || value === null ? undefined : read(value);
}

/** A v0.3 message (already checked by its schema). */
function message03(value: unknown): A2AMessage {
  const m = value as { messageId: string; role: 'user' | 'agent'; parts: unknown[]; taskId?: string | null; contextId?: string | null };
  return { messageId: m.messageId, role: m.role, parts: m.parts.map(part03), taskId: m.taskId ?? undefined, contextId: m.contextId ?? undefined };
}

function artifact03(value: unknown): A2AArtifact {
  const a = value as { artifactId: string; name?: string | null; parts: unknown[] };
  return { artifactId: a.artifactId, name: a.name ?? undefined, parts: a.parts.map(part03) };
}

function part03(value: unknown): A2APart {
  const p = value as Record<string, unknown>;
  if (p.kind === 'text') return { kind: 'text', text: p.text as string };
  if (p.kind === 'data') return { kind: 'data', data: p.data };
  const file = p.file as Record<string, unknown>;
  return {
    kind: 'file' as const,
    name: typeof file.name === 'string' ? file.name : undefined,
    mediaType: typeof file.mimeType === 'string' ? file.mimeType : undefined,
    uri: typeof file.uri === 'string' ? file.uri : undefined,
    bytes: typeof file.bytes === 'string' ? file.bytes.length : undefined,
  };
}

/** A v1.0 message (already checked by its schema). */
function message1(value: unknown): A2AMessage {
  const m = value as { messageId: string; role: string; parts: unknown[]; taskId?: string; contextId?: string };
  return { messageId: m.messageId, role: m.role === 'ROLE_USER' ? 'user' : 'agent', parts: m.parts.map(part1), taskId: m.taskId || undefined, contextId: m.contextId || undefined };
}

function artifact1(value: unknown): A2AArtifact {
  const a = value as { artifactId: string; name?: string; parts: unknown[] };
  return { artifactId: a.artifactId, name: a.name || undefined, parts: a.parts.map(part1) };
}

function part1(value: unknown): A2APart {
  const p = value as Record<string, unknown>;
  if (typeof p.text === 'string') return { kind: 'text', text: p.text };
  if (p.data !== undefined) return { kind: 'data', data: p.data };
  return {
    kind: 'file' as const,
    name: typeof p.filename === 'string' && p.filename !== '' ? p.filename : undefined,
    mediaType: typeof p.mediaType === 'string' && p.mediaType !== '' ? p.mediaType : undefined,
    uri: typeof p.url === 'string' ? p.url : undefined,
    bytes: typeof p.raw === 'string' ? p.raw.length : undefined,
  };
}

/** The message a request sends (`params.message`), of either version; undefined when it has none that reads. */
export function requestMessage(params: unknown): A2AMessage | undefined {
  if (!isRecord(params) || !isRecord(params.message)) return undefined;
  const m = params.message;
  if ('kind' in m) {
    if (v03MessageOk(m)) return message03(m);
    const parsed = V03Result.safeParse(m);
    return parsed.success && parsed.data.kind === 'message' ? message03(parsed.data) : undefined;
  }
  if (V1_FAST.message(m)) return message1(m);
  const parsed = V1_PAYLOADS.message.safeParse(m);
  return parsed.success ? message1(parsed.data) : undefined;
}

/** The text of a message's or an artifact's text parts, joined as they stream (a chunked text splits anywhere). */
export function partsText(parts: readonly A2APart[]): string {
  let out = '';
  for (const p of parts) if (p.kind === 'text' && p.text) out += p.text;
  return out;
}
