// The results of both wire versions and the JSON-RPC envelope in their plain shapes, checked by hand
// so the hot path skips zod: each check accepts only what its schema in schema.ts accepts
// (fast-path.test.ts holds them to it), and whatever it does not accept still goes through the schema,
// which names the issue.
import { stateOfV1, TASK_STATES } from './schema';
import { nullishBoolean, nullishString } from '../shared/hand-checks';
import { isRecord } from '../shared/view-helpers';

const optString = (v: unknown): boolean => v === undefined || typeof v === 'string';
const optBool = (v: unknown): boolean => v === undefined || typeof v === 'boolean';
const metadataOk = (v: unknown): boolean => v === undefined || v === null || isRecord(v);
const ROLES = new Set(['ROLE_USER', 'ROLE_AGENT', 'ROLE_UNSPECIFIED']);

function partOk(p: unknown): boolean {
  if (!isRecord(p)) return false;
  let set = 0;
  if (p.text !== undefined) {
    if (typeof p.text !== 'string') return false;
    set++;
  }
  if (p.raw !== undefined) {
    if (typeof p.raw !== 'string') return false;
    set++;
  }
  if (p.url !== undefined) {
    if (typeof p.url !== 'string') return false;
    set++;
  }
  if (p.data !== undefined) set++;
  return set === 1 && optString(p.mediaType) && optString(p.filename) && metadataOk(p.metadata);
}

function partsOk(parts: unknown): boolean {
  if (!Array.isArray(parts)) return false;
  for (const p of parts) if (!partOk(p)) return false;
  return true;
}

export function v1MessageOk(m: unknown): boolean {
  return isRecord(m) && typeof m.messageId === 'string' && typeof m.role === 'string' && ROLES.has(m.role) && partsOk(m.parts) && optString(m.taskId) && optString(m.contextId) && metadataOk(m.metadata);
}

function statusOk(s: unknown): boolean {
  return isRecord(s) && stateOfV1(s.state) !== undefined && (s.message === undefined || v1MessageOk(s.message)) && optString(s.timestamp);
}

function artifactOk(a: unknown): boolean {
  return isRecord(a) && typeof a.artifactId === 'string' && optString(a.name) && optString(a.description) && partsOk(a.parts) && metadataOk(a.metadata);
}

function listOk(v: unknown, ok: (item: unknown) => boolean): boolean {
  if (v === undefined) return true;
  if (!Array.isArray(v)) return false;
  for (const item of v) if (!ok(item)) return false;
  return true;
}

export function v1TaskOk(t: unknown): boolean {
  return isRecord(t) && typeof t.id === 'string' && optString(t.contextId) && statusOk(t.status) && listOk(t.history, v1MessageOk) && listOk(t.artifacts, artifactOk) && metadataOk(t.metadata);
}

export function v1StatusUpdateOk(u: unknown): boolean {
  return isRecord(u) && typeof u.taskId === 'string' && optString(u.contextId) && statusOk(u.status) && metadataOk(u.metadata);
}

export function v1ArtifactUpdateOk(u: unknown): boolean {
  return isRecord(u) && typeof u.taskId === 'string' && optString(u.contextId) && artifactOk(u.artifact) && optBool(u.append) && optBool(u.lastChunk) && metadataOk(u.metadata);
}

export const V1_FAST = {
  task: v1TaskOk,
  message: v1MessageOk,
  statusUpdate: v1StatusUpdateOk,
  artifactUpdate: v1ArtifactUpdateOk,
} as const;

/** A JSON-RPC 2.0 response as JsonRpcResponse accepts it. */
export function jsonRpcResponseOk(r: unknown): boolean {
  if (!isRecord(r) || r.jsonrpc !== '2.0') return false;
  const id = r.id;
  if (!(typeof id === 'string' || typeof id === 'number' || id === null)) return false;
  const e = r.error;
  return e === undefined || (isRecord(e) && typeof e.code === 'number' && typeof e.message === 'string');
}

// ---- v0.3 ----
const V03_STATES: ReadonlySet<unknown> = new Set(TASK_STATES);

function v03PartOk(p: unknown): boolean {
  if (!isRecord(p) || !metadataOk(p.metadata)) return false;
  switch (p.kind) {
    case 'text':
      return typeof p.text === 'string';
    case 'data':
      // zod's record copies the object without an own `__proto__` key; one with it takes the schema's copy.
      return isRecord(p.data) && !Object.hasOwn(p.data, '__proto__');
    case 'file': {
      const f = p.file;
      // The schema's union: inline `bytes` or a `uri`.
      return isRecord(f) && (typeof f.bytes === 'string' || typeof f.uri === 'string') && nullishString(f.name) && nullishString(f.mimeType);
    }
  }
  return false;
}

function v03PartsOk(parts: unknown): boolean {
  if (!Array.isArray(parts)) return false;
  for (const p of parts) if (!v03PartOk(p)) return false;
  return true;
}

function nullishList(v: unknown, ok: (item: unknown) => boolean): boolean {
  return v === null || listOk(v, ok);
}

export function v03MessageOk(m: unknown): boolean {
  return isRecord(m) && m.kind === 'message' && typeof m.messageId === 'string' && (m.role === 'user' || m.role === 'agent') && v03PartsOk(m.parts) && nullishString(m.taskId) && nullishString(m.contextId) && metadataOk(m.metadata);
}

function v03StatusOk(s: unknown): boolean {
  return isRecord(s) && V03_STATES.has(s.state) && (s.message === undefined || s.message === null || v03MessageOk(s.message)) && nullishString(s.timestamp);
}

function v03ArtifactOk(a: unknown): boolean {
  return isRecord(a) && typeof a.artifactId === 'string' && nullishString(a.name) && nullishString(a.description) && v03PartsOk(a.parts) && metadataOk(a.metadata);
}

/** A v0.3 result (`kind` task, message, status-update or artifact-update) as V03Result accepts it. */
export function v03ResultOk(r: unknown): boolean {
  if (!isRecord(r) || !metadataOk(r.metadata)) return false;
  switch (r.kind) {
    case 'task':
      return typeof r.id === 'string' && typeof r.contextId === 'string' && v03StatusOk(r.status) && nullishList(r.history, v03MessageOk) && nullishList(r.artifacts, v03ArtifactOk);
    case 'message':
      return v03MessageOk(r);
    case 'status-update':
      return typeof r.taskId === 'string' && typeof r.contextId === 'string' && v03StatusOk(r.status) && typeof r.final === 'boolean';
    case 'artifact-update':
      return typeof r.taskId === 'string' && typeof r.contextId === 'string' && v03ArtifactOk(r.artifact) && nullishBoolean(r.append) && nullishBoolean(r.lastChunk);
  }
  return false;
}
