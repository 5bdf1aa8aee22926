// The MCP fold: JSON-RPC messages of one MCP session (every POST, its SSE or JSON answer, the GET
// stream) → view model and findings. Requests are paired with their responses by id, per direction:
// the page's requests (`out`: tools/call…) are answered `in`, the server's (`in`: elicitation/create,
// sampling/createMessage) are answered `out`; what each shows is request-items.ts's.
// A POST's body is the page's message: a capture of the page's fetch keeps it as the connection's
// request body (an SSE answer's frames are all `in`), a recording may also keep it as an `out` frame.
// Where the SDK client (@modelcontextprotocol/sdk 1.32) reads a stream otherwise than the specification,
// the view follows it: it skips events with no data and events named other than `message`, matches ids
// and progress tokens by Number(), ignores a cancel of a request its sender did not send, takes a JSON
// batch's responses before its notifications, and gets no answer from a POST stream that ended without
// one (test/unit/mcp-stream-agreement.test.ts).
import type { Connection, DecodedFrame, Direction, Frame } from '../../model/frame';
import type { FindingSink } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import { safeJson } from '../../model/safe-text';
import type { ProtocolFold } from '../types';
import { describeIssues, isRecord, rawItem } from '../shared/view-helpers';
import { faultItem } from '../shared/fold-fault';
import { MCP_RULES as R } from './rules';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { isPlainJsonRpc, isPlainToolResult, MCP_METHODS, RESULT_SCHEMAS } from './schema';
import { abortedByPage, endingItem } from '../shared/page-abort';
import { frameRef } from '../../model/frame-ref';
import { batchOrder, idRef, isJsonRpcMessage, other, requestKey, unansweredOn, whyNotJsonRpc, type Message, type PendingRequest } from './messages';
import { RequestBook } from './request-book';
import { requestItem, showFailure, showProgress, showResult } from './request-items';
import { bodyEnded, reportCut, streamEnded } from './stream-cuts';
import { reportNamedEvent } from './named-events';

export function createMcpFold(): ProtocolFold {
  return new McpFold();
}

class McpFold implements ProtocolFold {
  private readonly model: ViewModel = { protocol: 'mcp', items: [], todos: null, streaming: false };
  /** The requests of both sides, as the SDK client looks them up (request-book.ts). */
  private readonly book = new RequestBook();
  /** The connections seen, by id. */
  private readonly connections = new Map<string, Connection>();
  /** The frame of a JSON body the SDK client rejects whole (not JSON, or a message its schema rejects). */
  private rejected = -1;
  /** The session speaks the older HTTP+SSE transport (an `endpoint` event): its POSTs are answered on the GET stream. */
  private legacy = false;
  /** SSE streams that carried an event id: the SDK client resumes them (GET with Last-Event-ID) when they end. */
  private readonly resumable = new Set<string>();
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
    this.connections.set(connection.id, connection);
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
      if (frame.direction === 'in' && this.skippedByClient(decoded)) return;
      this.carried.add(frame.connectionId);
      this.applyMessageFrame(decoded);
      if (frame.direction === 'in' && this.isJsonBody(frame)) this.bodyEnded(frame);
    } catch (err) {
      this.model.items.push(faultItem(frame, err));
    }
  }

  finish(sink: FindingSink): void {
    this.sink = sink;
    if (this.ended) return;
    this.ended = true;
    for (const req of this.book.all()) {
      if (req.answeredAt !== undefined || req.lostAt !== undefined) continue;
      if (req.cutAt !== undefined) {
        reportCut(sink, req);
        continue;
      }
      if (req.cancelledAt !== undefined || req.givenUp) continue;
      sink.report(R.unanswered, `${req.method} request ${idRef(req)} (frame ${frameRef(req.frame)}) was never answered; its caller waits until it times out.`, [this.last >= 0 ? this.last : req.frame, req.frame]);
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
    if (frame.eventName === 'endpoint') {
      this.legacy = true;
      return;
    }
    if (decoded.json === undefined) {
      if (frame.truncated) {
        this.model.items.push(rawItem(frame));
        return;
      }
      this.sink.report(R.invalidJson, `the message is not JSON (${decoded.jsonError ?? 'no payload'}); the SDK transport drops it.`, [i]);
      this.rejected = i;
      this.model.items.push(rawItem(frame));
      return;
    }
    // JSON-RPC batches (protocol version 2025-03-26) carry several messages in one body.
    const json = decoded.json;
    if (!Array.isArray(json)) return this.applyMessage(json, frame.direction, i, undefined, decoded);
    if (frame.direction === 'in' && this.isJsonBody(frame) && !json.every(isJsonRpcMessage)) {
      // The SDK client parses a JSON body's batch whole (`data.map(JSONRPCMessageSchema.parse)`): one bad message drops them all.
      for (let n = 0; n < json.length; n++) {
        if (!isJsonRpcMessage(json[n])) this.sink.report(R.invalidMessage, `not a JSON-RPC 2.0 message: ${whyNotJsonRpc(json[n]) ?? 'the schema rejects it'}; the SDK client parses the batch as a whole, so it drops all ${json.length} of its messages and rejects the call.`, [i], `[${n}]`);
      }
      this.model.items.push(rawItem(frame));
      this.rejected = i;
      return;
    }
    for (const n of batchOrder(json, frame.direction)) this.applyMessage(json[n], frame.direction, i, `[${n}]`, decoded);
  }

  /**
   * Events the SDK client's SSE reader skips (client/streamableHttp.js `_handleSseStream`; the older
   * SSEClientTransport's EventSource `onmessage` alike): one with no data (a priming event, `id: 0` and
   * an empty `data:`, which the SDK's own server sends when it keeps an event store; a keep-alive), and
   * one named other than `message`. Neither reaches the client, so neither reaches the view; a named
   * event that carries a JSON-RPC message loses it, which is the finding. An event id still makes the
   * stream resumable.
   */
  private skippedByClient(decoded: DecodedFrame): boolean {
    const { frame } = decoded;
    if (frame.eventId) this.resumable.add(frame.connectionId);
    if (frame.data === '' && !frame.truncated && this.isSse(frame)) return true;
    const name = frame.eventName;
    if (name === undefined || name === '' || name === 'message' || name === 'endpoint') return false;
    reportNamedEvent(this.sink, this.book, decoded, name);
    return true;
  }

  /**
   * The frame is an SSE event: its connection's transport says so, it has an event name or id, or the
   * connection is unknown (frames alone). An empty JSON body, unlike an empty event, fails the SDK's
   * `response.json()`: that stays `mcp/invalid-json`.
   */
  private isSse(frame: Frame): boolean {
    const transport = this.connections.get(frame.connectionId)?.transport;
    return transport === undefined || transport === 'sse' || transport === 'eventsource' || frame.eventId !== undefined || frame.eventName !== undefined;
  }

  private applyMessage(json: unknown, direction: Direction, i: number, path: string | undefined, decoded: DecodedFrame): void {
    if (!isPlainJsonRpc(json)) {
      const parsed = JSONRPCMessageSchema.safeParse(json);
      if (!parsed.success) {
        this.sink.report(R.invalidMessage, `not a JSON-RPC 2.0 message: ${whyNotJsonRpc(json) ?? describeIssues(parsed.error.issues)}; the SDK transport drops it.`, [i], path);
        this.rejected = i;
        this.model.items.push(rawItem(decoded.frame, `raw-${i}${path ?? ''}`));
        return;
      }
    }
    const message = json as Message;
    if (typeof message.method === 'string') {
      if (!MCP_METHODS.has(message.method)) this.sink.report(R.unknownMethod, `method "${message.method}" is not one the MCP specification defines.`, [i], path);
      if ('id' in message) this.request(message, message.method, direction, i, decoded.frame.connectionId);
      else this.notification(message, message.method, direction, i, path);
      return;
    }
    this.response(message, direction, i, path);
  }

  private request(message: Message, method: string, direction: Direction, i: number, connectionId: string): void {
    const key = requestKey(direction, message.id);
    const params = isRecord(message.params) ? message.params : {};
    const req: PendingRequest = { id: message.id, method, frame: i, direction, connectionId };
    const meta = isRecord(params._meta) ? params._meta : undefined;
    const prior = this.book.file(req, key, meta?.progressToken);
    if (prior) {
      // The SDK handles both (its handlers are not keyed by id) and answers each with that id: each answer, in turn, answers the oldest.
      this.sink.report(R.requestIdReused, `${method} request ${idRef(req)} reuses the id of ${prior.method} request (frame ${frameRef(prior.frame)}), which still waits for its answer; the SDK answers both with that id, and their sender cannot tell the answers apart.`, [i, prior.frame]);
    }
    this.open++;
    this.model.streaming = true;
    const item = requestItem(req, params, i);
    if (item) this.model.items.push(item);
  }

  private notification(message: Message, method: string, direction: Direction, i: number, path: string | undefined): void {
    const params = isRecord(message.params) ? message.params : {};
    if (method === 'notifications/progress') return this.progress(params, i, path);
    if (method === 'notifications/cancelled') return this.cancelled(params, direction, i);
    if (method === 'notifications/message') {
      const level = typeof params.level === 'string' ? params.level : 'info';
      this.model.items.push({ kind: 'raw', id: `log-${i}`, frames: [i], text: `log ${level}: ${typeof params.data === 'string' ? params.data : safeJson(params.data)}` });
    }
  }

  private progress(params: Record<string, unknown>, i: number, path: string | undefined): void {
    const token = params.progressToken;
    const entry = this.book.findToken(token);
    const req = entry === undefined ? undefined : this.book.get(entry.key);
    if (!entry || !req) {
      this.sink.report(R.progressUnknownToken, `progress for token ${safeJson(token)}, which no request gave; the client ignores it.`, [i], path);
      return;
    }
    if (entry.token !== token) {
      this.sink.report(R.idCoerced, `progress token ${safeJson(token)} names ${req.method} request ${idRef(req)}'s token ${safeJson(entry.token)} only as a number; the SDK client looks progress up by Number(progressToken) and shows it, the specification has the token as the request gave it.`, [i, req.frame], path);
    }
    if (req.answeredAt === i) {
      this.sink.report(R.progressAfterResult, `progress for ${req.method} request ${idRef(req)} in the JSON batch that also carries its response; the SDK client takes a batch's responses before its notifications, so it has let go of the request and drops the progress.`, [i], path);
      return;
    }
    if (req.answeredAt !== undefined) {
      this.sink.report(R.progressAfterResult, `progress for ${req.method} request ${idRef(req)} after its response (frame ${frameRef(req.answeredAt)}); progress must stop at completion.`, [i, req.answeredAt], path);
      return;
    }
    const value = typeof params.progress === 'number' ? params.progress : NaN;
    if (req.lastProgress !== undefined && !(value > req.lastProgress)) {
      this.sink.report(R.progressNotIncreasing, `progress ${value} after ${req.lastProgress} for request ${idRef(req)}; each value must be larger than the last.`, [i], path);
    }
    if (Number.isFinite(value)) req.lastProgress = value;
    showProgress(req, value, params, i);
  }

  /**
   * The side that sent a request cancels it: same direction as the request. The SDK's receiver aborts
   * the handler of a request it is handling, looked up by the id as sent (shared/protocol.js `_oncancel`),
   * so a cancel naming a request its sender received instead changes nothing; nor does one whose
   * `requestId` is falsy (0 or ""), which `_oncancel` returns on: the page still answers the server's
   * request 0. The page's own cancel of its request is its client giving up, whatever the server does.
   */
  private cancelled(params: Record<string, unknown>, direction: Direction, i: number): void {
    const id = params.requestId;
    const req = this.book.get(requestKey(direction, id));
    if (!req) {
      const received = this.book.get(requestKey(other(direction), id));
      if (received) {
        const [who, whom, client] = direction === 'in' ? ['server', 'page', 'client'] : ['page', 'server', 'server'];
        this.sink.report(R.cancelNotOwn, `the ${who} cancels ${received.method} request ${idRef(received)} (frame ${frameRef(received.frame)}), which the ${whom} sent; only a request's sender may cancel it, and the SDK ${client} ignores it (it cancels only requests it is handling), so the request still waits for its answer.`, [i, received.frame]);
      }
      return;
    }
    if (req.answeredAt !== undefined || req.cancelledAt !== undefined) return;
    if (direction === 'out') {
      // The page's own timeout after its stream ended, resumable or not: the stream's doing.
      if (req.cutAt === undefined && req.endedAt !== undefined && typeof params.reason === 'string' && /timed out/i.test(params.reason)) {
        req.cutAt = req.endedAt;
        req.cutResumed = true;
      }
      if (req.cutAt !== undefined) reportCut(this.sink, req, i);
    }
    if (direction === 'in' && !id) return;
    req.cancelledAt = i;
    this.closeRequest();
    showFailure(req, i, typeof params.reason === 'string' ? `cancelled: ${params.reason}` : 'cancelled');
  }

  private response(message: Message, direction: Direction, i: number, path: string | undefined): void {
    const error = isRecord(message.error) ? message.error : undefined;
    const hasId = message.id !== undefined && message.id !== null;
    // A response travels against its request; a capture without directions (a file) has all frames `in`.
    const found = hasId ? this.book.find(message.id, direction) : undefined;
    const req = found?.req;
    if (!req) {
      if (error) this.errorResponse(error, undefined, i, path);
      if (hasId) this.sink.report(R.unknownId, `a response for id ${safeJson(message.id)}, which no request in this session used; the SDK client ignores it.`, [i], path);
      return;
    }
    const id = idRef(req);
    if (found?.coerced) {
      this.sink.report(R.idCoerced, `a response with id ${safeJson(message.id)} for ${req.method} request ${safeJson(req.id)} (frame ${frameRef(req.frame)}): the SDK client looks responses up by Number(id) and takes it, JSON-RPC answers with the request's id as sent.`, [i, req.frame], path);
    }
    if (req.answeredAt !== undefined) {
      this.sink.report(R.duplicateResponse, `a second response to ${req.method} request ${id} (first at frame ${frameRef(req.answeredAt)}); the client ignores it.`, [i, req.answeredAt], path);
      return;
    }
    req.answeredAt = i;
    if (req.tool?.cutOff !== undefined) delete req.tool.cutOff;
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
    showResult(req, isRecord(result) ? result : {}, i);
  }

  private errorResponse(error: Record<string, unknown>, req: PendingRequest | undefined, i: number, path: string | undefined): void {
    const text = `${typeof error.message === 'string' ? error.message : 'error'}${typeof error.code === 'number' ? ` (code ${error.code})` : ''}`;
    this.sink.report(R.errorResponse, `${req ? `${req.method} request failed` : 'error response'}: ${text}.`, req ? [i, req.frame] : [i], path);
    if (req) showFailure(req, i, text);
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
    if (!abortedByPage(frame)) return this.streamEnded(frame);
    for (const req of this.book.on(frame.connectionId)) if (unansweredOn(req, frame.connectionId)) req.givenUp = true;
  }

  /** The server ended (or the network failed) the SSE stream a POST opened (stream-cuts.ts). */
  private streamEnded(frame: Frame): void {
    if (this.connections.get(frame.connectionId)?.transport !== 'sse') return;
    streamEnded(this.book, frame.connectionId, frame.index, this.resumable.has(frame.connectionId));
  }

  /**
   * The JSON body a POST of Streamable HTTP was answered with: the whole answer (not the older
   * transport's 202, whose answers come on the GET stream).
   */
  private isJsonBody(frame: Frame): boolean {
    const connection = this.connections.get(frame.connectionId);
    if (connection?.transport !== 'http-json' || this.legacy || /[?&]sessionId=/.test(connection.url ?? '')) return false;
    return connection.status === undefined || connection.status === 200;
  }

  /** A JSON body is the POST's whole answer (stream-cuts.ts). */
  private bodyEnded(frame: Frame): void {
    const failed = bodyEnded(this.book, frame.connectionId, frame.index, this.rejected === frame.index);
    if (failed > 0) this.closeRequest(failed);
  }

  /** A request the page sent on the connection still waits for its answer. */
  private waitsOn(connectionId: string): boolean {
    for (const req of this.book.on(connectionId)) if (unansweredOn(req, connectionId)) return true;
    return false;
  }

  private addError(i: number, message: string): void {
    this.model.items.push({ kind: 'error', id: `error-${i}-${this.model.items.length}`, frames: [i], message });
  }

  /** `count` requests got their answer or will get none. */
  private closeRequest(count = 1): void {
    this.open = Math.max(0, this.open - count);
    this.model.streaming = this.open > 0;
  }
}
