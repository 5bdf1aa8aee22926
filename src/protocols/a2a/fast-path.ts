// The v1.0 results and the JSON-RPC envelope in their plain shapes, checked by hand so the hot path
// skips zod: each check accepts only what its schema in schema.ts accepts (fast-path.test.ts holds
// them to it), and whatever it does not accept still goes through the schema, which names the issue.
import { V1_STATES } from './schema';

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const optString = (v: unknown): boolean => v === undefined || typeof v === 'string';
const optBool = (v: unknown): boolean => v === undefined || typeof v === 'boolean';
const metadataOk = (v: unknown): boolean => v === undefined || v === null || isObject(v);
const ROLES = new Set(['ROLE_USER', 'ROLE_AGENT', 'ROLE_UNSPECIFIED']);

function partOk(p: unknown): boolean {
  if (!isObject(p)) return false;
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
  return isObject(m) && typeof m.messageId === 'string' && typeof m.role === 'string' && ROLES.has(m.role) && partsOk(m.parts) && optString(m.taskId) && optString(m.contextId) && metadataOk(m.metadata);
}

function statusOk(s: unknown): boolean {
  return isObject(s) && typeof s.state === 'string' && Object.hasOwn(V1_STATES, s.state) && (s.message === undefined || v1MessageOk(s.message)) && optString(s.timestamp);
}

function artifactOk(a: unknown): boolean {
  return isObject(a) && typeof a.artifactId === 'string' && optString(a.name) && optString(a.description) && partsOk(a.parts) && metadataOk(a.metadata);
}

function listOk(v: unknown, ok: (item: unknown) => boolean): boolean {
  if (v === undefined) return true;
  if (!Array.isArray(v)) return false;
  for (const item of v) if (!ok(item)) return false;
  return true;
}

export function v1TaskOk(t: unknown): boolean {
  return isObject(t) && typeof t.id === 'string' && optString(t.contextId) && statusOk(t.status) && listOk(t.history, v1MessageOk) && listOk(t.artifacts, artifactOk) && metadataOk(t.metadata);
}

export function v1StatusUpdateOk(u: unknown): boolean {
  return isObject(u) && typeof u.taskId === 'string' && optString(u.contextId) && statusOk(u.status) && metadataOk(u.metadata);
}

export function v1ArtifactUpdateOk(u: unknown): boolean {
  return isObject(u) && typeof u.taskId === 'string' && optString(u.contextId) && artifactOk(u.artifact) && optBool(u.append) && optBool(u.lastChunk) && metadataOk(u.metadata);
}

export const V1_FAST = {
  task: v1TaskOk,
  message: v1MessageOk,
  statusUpdate: v1StatusUpdateOk,
  artifactUpdate: v1ArtifactUpdateOk,
} as const;

/** A JSON-RPC 2.0 response as JsonRpcResponse accepts it. */
export function jsonRpcResponseOk(r: unknown): boolean {
  if (!isObject(r) || r.jsonrpc !== '2.0') return false;
  const id = r.id;
  if (!(typeof id === 'string' || typeof id === 'number' || id === null)) return false;
  const e = r.error;
  return e === undefined || (isObject(e) && typeof e.code === 'number' && typeof e.message === 'string');
}
