// The MCP fold: JSON-RPC messages of one MCP session (every POST, its SSE or JSON answer, the GET
// stream) → view model and findings. Requests are paired with their responses by id, per direction:
// the page's requests (`out`: tools/call…) are answered `in`, the server's (`in`: elicitation/create,
// sampling/createMessage) are answered `out`. A tool call is a tool item with its progress and result;
// an elicitation is a question; a sampling request is a tool item the client answers.
// A POST's body is the page's message: a capture of the page's fetch keeps it as the connection's
// request body (an SSE answer's frames are all `in`), a recording may also keep it as an `out` frame.
import type { Connection, DecodedFrame, Direction, Frame } from '../../model/frame';
import type { FindingSink } from '../../model/finding';
import type { QuestionItem, ToolItem, ViewModel } from '../../model/view';
import { safeJson } from '../../model/safe-text';
import type { ProtocolFold } from '../types';
import { describeIssues, isRecord, newToolItem, rawItem } from '../shared/view-helpers';
import { faultItem } from '../shared/fold-fault';
import { MCP_RULES as R } from './rules';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { isPlainJsonRpc, isPlainToolResult, MCP_METHODS, RESULT_SCHEMAS } from './schema';
import { elicitationQuestions, elicitationAnswers } from './elicitation';
import { resultText } from './content';
import { abortedByPage, endingItem } from '../shared/page-abort';
import { frameRef } from '../../model/frame-ref';

interface PendingRequest {
  method: string;
  frame: number;
  direction: Direction;
  tool?: ToolItem;
  question?: QuestionItem;
  answeredAt?: number;
  cancelledAt?: number;
  /** The connection the request came on: the page stopping it gives up the requests it sent there. */
  connectionId: string;
  /** The page aborted, cancelled or closed the request's connection before its answer: no caller still waits. */
  givenUp?: true;
  lastProgress?: number;
}

type Message = Record<string, unknown>;

export function createMcpFold(): ProtocolFold {
  return new McpFold();
}

class McpFold implements ProtocolFold {
  private readonly model: ViewModel = { protocol: 'mcp', items: [], todos: null, streaming: false };
  /** Requests by `<direction>:<id>`; kept after their answer to tell duplicates and late progress. */
  private readonly requests = new Map<string, PendingRequest>();
  /** Progress tokens by token, to the request key that gave them. */
  private readonly tokens = new Map<string, string>();
  private open = 0;
  private sink!: FindingSink;
  private last = -1;
  private ended = false;
  /** Request bodies of connections whose first frame has not come yet, by connection id (made on the first). */
  private bodies: Map<string, string> | undefined;
  /** Connections whose first frame has come, once a body is waiting. */
  private started: Set<string> | undefined;
  /** Connections that carried a message: one that carried none yet still waits for its answer. */
  private readonly carried = new Set<string>();

  connection(connection: Connection): void {
    const body = connection.requestBody;
    if (typeof body !== 'string' || connection.requestBodyTruncated || this.started?.has(connection.id)) return;
    (this.bodies ??= new Map()).set(connection.id, body);
    this.started ??= new Set();
  }

  apply(decoded: DecodedFrame, sink: FindingSink): void {
    this.sink = sink;
    const { frame } = decoded;
    this.last = frame.index;
    try {
      if (this.started !== undefined && !this.started.has(frame.connectionId)) this.startConnection(decoded);
      if (frame.kind === 'close' || frame.kind === 'error') return this.connectionEnded(frame);
      if (frame.kind !== 'message') return;
      this.carried.add(frame.connectionId);
      this.applyMessageFrame(decoded);
    } catch (err) {
      this.model.items.push(faultItem(frame, err));
    }
  }

  finish(sink: FindingSink): void {
    this.sink = sink;
    if (this.ended) return;
    this.ended = true;
    for (const [key, req] of this.requests) {
      if (req.answeredAt !== undefined || req.cancelledAt !== undefined || req.givenUp) continue;
      sink.report(R.unanswered, `${req.method} request ${idOfKey(key)} (frame ${frameRef(req.frame)}) was never answered; its caller waits until it times out.`, [this.last >= 0 ? this.last : req.frame, req.frame]);
    }
    this.model.streaming = false;
  }

  view(): ViewModel {
    return this.model;
  }

  /**
   * The page's request body is applied before its connection's first frame (the answer to it), unless
   * that frame is the body itself, sent as an `out` frame.
   */
  private startConnection(decoded: DecodedFrame): void {
    const { frame } = decoded;
    this.started!.add(frame.connectionId);
    const body = this.bodies!.get(frame.connectionId);
    if (body === undefined) return;
    this.bodies!.delete(frame.connectionId);
    if (frame.direction === 'out' && frame.kind === 'message' && frame.data === body) return;
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return; // Not a JSON-RPC body: not one of MCP's messages.
    }
    const messages = Array.isArray(json) ? json : [json];
    for (let n = 0; n < messages.length; n++) {
      if (isRecord(messages[n]) && (messages[n] as Message).jsonrpc === '2.0') this.applyMessage(messages[n], 'out', frame.index, Array.isArray(json) ? `request[${n}]` : 'request', decoded);
    }
  }

  private applyMessageFrame(decoded: DecodedFrame): void {
    const { frame } = decoded;
    const i = frame.index;
    // The HTTP+SSE transport's first event names the POST endpoint as a plain URL.
    if (frame.eventName === 'endpoint') return;
    if (decoded.json === undefined) {
      if (frame.truncated) {
        this.model.items.push(rawItem(frame));
        return;
      }
      this.sink.report(R.invalidJson, `the message is not JSON (${decoded.jsonError ?? 'no payload'}); the SDK transport drops it.`, [i]);
      this.model.items.push(rawItem(frame));
      return;
    }
    // JSON-RPC batches (protocol version 2025-03-26) carry several messages in one body.
    const json = decoded.json;
    if (!Array.isArray(json)) return this.applyMessage(json, frame.direction, i, undefined, decoded);
    for (let n = 0; n < json.length; n++) this.applyMessage(json[n], frame.direction, i, `[${n}]`, decoded);
  }

  private applyMessage(json: unknown, direction: Direction, i: number, path: string | undefined, decoded: DecodedFrame): void {
    if (!isPlainJsonRpc(json)) {
      const parsed = JSONRPCMessageSchema.safeParse(json);
      if (!parsed.success) {
        this.sink.report(R.invalidMessage, `not a JSON-RPC 2.0 message: ${whyNotJsonRpc(json) ?? describeIssues(parsed.error.issues)}; the SDK transport drops it.`, [i], path);
        this.model.items.push(rawItem(decoded.frame, `raw-${i}${path ?? ''}`));
        return;
      }
    }
    const message = json as Message;
    if (typeof message.method === 'string') {
      if (!MCP_METHODS.has(message.method)) this.sink.report(R.unknownMethod, `method "${message.method}" is not one the MCP specification defines.`, [i], path);
      if ('id' in message) this.request(message, message.method, direction, i, decoded.frame.connectionId);
      else this.notification(message, message.method, direction, i);
      return;
    }
    this.response(message, direction, i, path);
  }

  private request(message: Message, method: string, direction: Direction, i: number, connectionId: string): void {
    const key = requestKey(direction, message.id);
    const params = isRecord(message.params) ? message.params : {};
    const req: PendingRequest = { method, frame: i, direction, connectionId };
    this.requests.set(key, req);
    this.open++;
    this.model.streaming = true;
    const meta = isRecord(params._meta) ? params._meta : undefined;
    const token = meta?.progressToken;
    if (typeof token === 'string' || typeof token === 'number') this.tokens.set(String(token), key);
    if (method === 'tools/call') {
      const name = typeof params.name === 'string' ? params.name : '';
      const tool = newToolItem(`tool-${i}`, idText(message.id), name, i);
      tool.input = params.arguments ?? {};
      req.tool = tool;
      this.model.items.push(tool);
    } else if (method === 'sampling/createMessage') {
      const tool = newToolItem(`sampling-${i}`, idText(message.id), 'sampling/createMessage', i);
      tool.label = 'Sampling request';
      tool.input = params;
      req.tool = tool;
      this.model.items.push(tool);
    } else if (method === 'elicitation/create') {
      const question: QuestionItem = { kind: 'question', id: `elicitation-${i}`, frames: [i], key: idText(message.id), questions: elicitationQuestions(params), state: 'waiting', resolved: false };
      req.question = question;
      this.model.items.push(question);
    }
  }

  private notification(message: Message, method: string, direction: Direction, i: number): void {
    const params = isRecord(message.params) ? message.params : {};
    if (method === 'notifications/progress') return this.progress(params, i);
    if (method === 'notifications/cancelled') return this.cancelled(params, direction, i);
    if (method === 'notifications/message') {
      const level = typeof params.level === 'string' ? params.level : 'info';
      this.model.items.push({ kind: 'raw', id: `log-${i}`, frames: [i], text: `log ${level}: ${typeof params.data === 'string' ? params.data : safeJson(params.data)}` });
    }
  }

  private progress(params: Record<string, unknown>, i: number): void {
    const token = params.progressToken;
    const key = typeof token === 'string' || typeof token === 'number' ? this.tokens.get(String(token)) : undefined;
    const req = key === undefined ? undefined : this.requests.get(key);
    if (!req) {
      this.sink.report(R.progressUnknownToken, `progress for token ${safeJson(token)}, which no request gave; the client ignores it.`, [i]);
      return;
    }
    if (req.answeredAt !== undefined) {
      this.sink.report(R.progressAfterResult, `progress for ${req.method} request ${idOfKey(key as string)} after its response (frame ${frameRef(req.answeredAt)}); progress must stop at completion.`, [i, req.answeredAt]);
      return;
    }
    const value = typeof params.progress === 'number' ? params.progress : NaN;
    if (req.lastProgress !== undefined && !(value > req.lastProgress)) {
      this.sink.report(R.progressNotIncreasing, `progress ${value} after ${req.lastProgress} for request ${idOfKey(key as string)}; each value must be larger than the last.`, [i]);
    }
    if (Number.isFinite(value)) req.lastProgress = value;
    if (req.tool) {
      req.tool.frames.push(i);
      const progress: NonNullable<ToolItem['progress']> = { progress: value };
      if (typeof params.total === 'number') progress.total = params.total;
      if (typeof params.message === 'string') progress.message = params.message;
      req.tool.progress = progress;
    }
  }

  private cancelled(params: Record<string, unknown>, direction: Direction, i: number): void {
    // The side that sent a request cancels it: same direction as the request.
    const req = this.requests.get(requestKey(direction, params.requestId)) ?? this.requests.get(requestKey(other(direction), params.requestId));
    if (!req || req.answeredAt !== undefined || req.cancelledAt !== undefined) return;
    req.cancelledAt = i;
    this.closeRequest();
    const reason = typeof params.reason === 'string' ? `cancelled: ${params.reason}` : 'cancelled';
    if (req.tool) {
      req.tool.status = 'error';
      req.tool.result = reason;
      req.tool.frames.push(i);
    }
    if (req.question) {
      req.question.state = 'timeout';
      req.question.frames.push(i);
    }
  }

  private response(message: Message, direction: Direction, i: number, path: string | undefined): void {
    const error = isRecord(message.error) ? message.error : undefined;
    const hasId = message.id !== undefined && message.id !== null;
    // A response travels against its request; a capture without directions (a file) has all frames `in`.
    const key = hasId ? this.findRequestKey(message.id, direction) : undefined;
    const req = key === undefined ? undefined : this.requests.get(key);
    if (!req) {
      if (error) this.errorResponse(error, undefined, i, path);
      if (hasId) this.sink.report(R.unknownId, `a response for id ${safeJson(message.id)}, which no request in this session used; the SDK client ignores it.`, [i], path);
      return;
    }
    const id = idOfKey(key as string);
    if (req.answeredAt !== undefined) {
      this.sink.report(R.duplicateResponse, `a second response to ${req.method} request ${id} (first at frame ${frameRef(req.answeredAt)}); the client ignores it.`, [i, req.answeredAt], path);
      return;
    }
    req.answeredAt = i;
    if (req.cancelledAt !== undefined) {
      this.sink.report(R.answeredAfterCancel, `a response to ${req.method} request ${id}, cancelled at frame ${frameRef(req.cancelledAt)}; the caller ignores it.`, [i, req.cancelledAt], path);
      return;
    }
    this.closeRequest();
    if (error) {
      this.errorResponse(error, req, i, path);
      return;
    }
    this.result(message.result, req, i, path);
  }

  private findRequestKey(id: unknown, direction: Direction): string | undefined {
    const against = requestKey(other(direction), id);
    if (this.requests.has(against)) return against;
    const same = requestKey(direction, id);
    return this.requests.has(same) ? same : undefined;
  }

  private result(result: unknown, req: PendingRequest, i: number, path: string | undefined): void {
    const schema = RESULT_SCHEMAS[req.method as keyof typeof RESULT_SCHEMAS];
    if (schema && !(req.method === 'tools/call' && isPlainToolResult(result))) {
      const checked = schema.safeParse(result);
      if (!checked.success) {
        this.sink.report(R.invalidResult, `the ${req.method} result does not match its schema: ${describeIssues(checked.error.issues)}; the SDK client rejects the call.`, [i, req.frame], path);
        if (req.tool) {
          req.tool.status = 'error';
          req.tool.frames.push(i);
        }
        return;
      }
    }
    const fields = isRecord(result) ? result : {};
    if (req.tool) {
      req.tool.frames.push(i);
      req.tool.result = resultText(req.method === 'sampling/createMessage' ? [fields.content] : fields.content);
      req.tool.status = fields.isError === true ? 'error' : 'success';
    }
    if (req.question) {
      req.question.frames.push(i);
      req.question.state = 'answered';
      req.question.answers = elicitationAnswers(req.question.questions, fields);
    }
  }

  private errorResponse(error: Record<string, unknown>, req: PendingRequest | undefined, i: number, path: string | undefined): void {
    const text = `${typeof error.message === 'string' ? error.message : 'error'}${typeof error.code === 'number' ? ` (code ${error.code})` : ''}`;
    this.sink.report(R.errorResponse, `${req ? `${req.method} request failed` : 'error response'}: ${text}.`, req ? [i, req.frame] : [i], path);
    if (req?.tool) {
      req.tool.status = 'error';
      req.tool.result = text;
      req.tool.frames.push(i);
    }
    if (req?.question) {
      req.question.state = 'timeout';
      req.question.frames.push(i);
    }
    this.addError(i, req ? `${req.method}: ${text}` : text);
  }

  /**
   * A connection's close or error. The page's own abort, cancel or close is its stop while a request
   * sent on that connection waits for its answer, or before the connection carried anything; after that
   * it only let go of the connection (the SDK's transport aborts its standing GET stream when it closes,
   * a client frees an answered POST's stream while another request waits): nothing to show.
   */
  private connectionEnded(frame: Frame): void {
    const open = this.waitsOn(frame.connectionId) || !this.carried.has(frame.connectionId);
    const item = endingItem(frame, `error-${frame.index}-${this.model.items.length}`, open, `connection error${frame.data ? `: ${frame.data}` : ''}`);
    if (item) this.model.items.push(item);
    if (!abortedByPage(frame)) return;
    for (const req of this.requests.values()) if (unansweredOn(req, frame.connectionId)) req.givenUp = true;
  }

  /** A request the page sent on the connection still waits for its answer. */
  private waitsOn(connectionId: string): boolean {
    for (const req of this.requests.values()) if (unansweredOn(req, connectionId)) return true;
    return false;
  }

  private addError(i: number, message: string): void {
    this.model.items.push({ kind: 'error', id: `error-${i}-${this.model.items.length}`, frames: [i], message });
  }

  private closeRequest(): void {
    this.open = Math.max(0, this.open - 1);
    this.model.streaming = this.open > 0;
  }
}

/** What a message lacks, in the words of JSON-RPC 2.0, where the schema's union only says "Invalid input". */
function whyNotJsonRpc(json: unknown): string | undefined {
  if (!isRecord(json)) return 'a message is a JSON object';
  if (json.jsonrpc !== '2.0') return `"jsonrpc" is ${safeJson(json.jsonrpc)}, expected "2.0"`;
  if ('method' in json) {
    if (typeof json.method !== 'string') return '"method" is not a string';
    if ('params' in json && !isRecord(json.params)) return '"params" is not an object';
    return undefined;
  }
  if (!('id' in json)) return 'neither "method" (a request or notification) nor "id" (a response)';
  const hasResult = 'result' in json;
  const hasError = 'error' in json;
  if (hasResult && hasError) return 'a response has both "result" and "error"';
  if (!hasResult && !hasError) return 'a response has neither "result" nor "error"';
  if (hasResult && !isRecord(json.result)) return `"result" is ${Array.isArray(json.result) ? 'an array' : typeof json.result}, expected an object`;
  return undefined;
}

function other(direction: Direction): Direction {
  return direction === 'in' ? 'out' : 'in';
}

/** JSON-RPC ids are strings or numbers; the SDK client looks responses up by `Number(id)`, so 1 and "1" meet. */
function requestKey(direction: Direction, id: unknown): string {
  return `${direction}:${idText(id)}`;
}

function idText(id: unknown): string {
  return typeof id === 'string' || typeof id === 'number' ? String(id) : safeJson(id);
}

function idOfKey(key: string): string {
  return `#${key.slice(key.indexOf(':') + 1)}`;
}

/** The page sent `req` on the connection and its answer has not come. */
function unansweredOn(req: PendingRequest, connectionId: string): boolean {
  return req.direction === 'out' && req.connectionId === connectionId && req.answeredAt === undefined;
}
