// A2A detection, by content: the JSON-RPC method of the request body (both wire versions' method
// names), the `A2A-Version` header the SDK client sends, and the shape of a result (v0.3's `kind` with
// task fields, v1.0's one-of wrapper with `TASK_STATE_*` / `ROLE_*`). Never by host or path: agents
// mount their JSON-RPC endpoint anywhere. `tasks/get` and `tasks/cancel` are MCP methods too, so
// they are only plausible.
import type { Connection, DecodedFrame } from '../../model/frame';
import type { DetectScore } from '../types';
import { isRecord } from '../shared/view-helpers';
import { requestJson } from '../shared/request-prompt';
import { A2A_METHODS, V1_STATES } from './schema';

const SHARED_WITH_MCP = new Set(['tasks/get', 'tasks/cancel']);

export function detectFrame({ json, frame }: DecodedFrame): DetectScore {
  if (!isRecord(json) || json.jsonrpc !== '2.0') return 0;
  if (typeof json.method === 'string') return frame.direction === 'out' ? methodScore(json.method) : 0;
  return isRecord(json.result) ? resultScore(json.result) : 0;
}

function methodScore(method: string): DetectScore {
  if (A2A_METHODS[method] === undefined) return 0;
  return SHARED_WITH_MCP.has(method) ? 0.5 : 1;
}

function resultScore(result: Record<string, unknown>): DetectScore {
  switch (result.kind) {
    case 'task':
      return typeof result.id === 'string' && isRecord(result.status) ? 1 : 0;
    case 'status-update':
    case 'artifact-update':
      return typeof result.taskId === 'string' ? 1 : 0;
    case 'message':
      return typeof result.messageId === 'string' && Array.isArray(result.parts) ? 1 : 0;
  }
  if (isRecord(result.statusUpdate) || isRecord(result.artifactUpdate)) return 1;
  const task = isRecord(result.task) ? result.task : result;
  if (isRecord(task.status) && typeof task.status.state === 'string' && V1_STATES[task.status.state] !== undefined) return 1;
  if (isRecord(result.message) && typeof result.message.role === 'string' && result.message.role.startsWith('ROLE_')) return 1;
  return 0;
}

/** The request body names an A2A method; or the SDK client's version header. */
export function detectConnection(connection: Connection): DetectScore {
  if (connection.requestHeaders?.['a2a-version'] !== undefined) return 1;
  const body = requestJson(connection);
  if (!isRecord(body) || body.jsonrpc !== '2.0' || typeof body.method !== 'string') return 0;
  return methodScore(body.method);
}

/**
 * The conversation's `contextId`, which every task of it shares: a follow-up answering `input-required`
 * is a new request with the same context, shown with the stream it continues. Read from the request's
 * message or from the first result that carries it.
 */
export function sessionKey(connection: Connection, frame: DecodedFrame | undefined): string | undefined {
  const body = requestJson(connection);
  const params = isRecord(body) && isRecord(body.params) ? body.params : undefined;
  const message = params && isRecord(params.message) ? params.message : undefined;
  const fromRequest = message?.contextId;
  if (typeof fromRequest === 'string' && fromRequest !== '') return `a2a-context:${fromRequest}`;
  const json = frame?.json;
  if (!isRecord(json) || !isRecord(json.result)) return undefined;
  const result = json.result;
  const inner = [result, result.task, result.statusUpdate, result.artifactUpdate, result.message].find((v) => isRecord(v) && typeof v.contextId === 'string' && v.contextId !== '');
  return isRecord(inner) ? `a2a-context:${inner.contextId as string}` : undefined;
}
