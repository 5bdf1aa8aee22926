// The MCP rule catalogue (JSON-RPC pairing over Streamable HTTP and HTTP+SSE). Severities follow
// docs/severity-policy.md against `@modelcontextprotocol/sdk`'s Client: error = it drops the message or
// rejects the call, warning = the specification says MUST/SHOULD and the client copes (it reports the
// message to `onerror` and carries on), info = the specification says it can happen.
import type { RuleMeta } from '../../model/finding';

export const MCP_RULES = {
  invalidJson: 'mcp/invalid-json',
  invalidMessage: 'mcp/invalid-message',
  invalidResult: 'mcp/invalid-result',
  errorResponse: 'mcp/error-response',
  unknownId: 'mcp/response-unknown-id',
  duplicateResponse: 'mcp/duplicate-response',
  unanswered: 'mcp/request-unanswered',
  answeredAfterCancel: 'mcp/response-after-cancel',
  progressAfterResult: 'mcp/progress-after-result',
  progressUnknownToken: 'mcp/progress-unknown-token',
  progressNotIncreasing: 'mcp/progress-not-increasing',
  unknownMethod: 'mcp/unknown-method',
  namedEvent: 'mcp/named-sse-event',
  streamCut: 'mcp/stream-cut',
  cancelNotOwn: 'mcp/cancel-not-own-request',
  idCoerced: 'mcp/id-coerced',
  requestIdReused: 'mcp/request-id-reused',
} as const;

const R = MCP_RULES;

export const mcpRules: readonly RuleMeta[] = [
  {
    id: R.invalidJson,
    severity: 'error',
    description: 'A message that is not JSON: the SDK transport reports a parse error and drops it.',
    fix: 'Write each JSON-RPC message as one complete JSON text (one SSE `data:` record or the whole response body).',
  },
  {
    id: R.namedEvent,
    severity: 'error',
    description: 'An SSE event named other than `message` (`event: result`, `event: progress`) that carries a JSON-RPC message: the SDK client reads only unnamed events and events named `message`, and ignores it, so a response never resolves its call, a request is never answered, a notification is never seen.',
    fix: 'Send MCP messages as unnamed SSE events or with `event: message`.',
  },
  {
    id: R.invalidMessage,
    severity: 'error',
    description: 'JSON that is not a JSON-RPC 2.0 request, notification or response (JSONRPCMessageSchema): the SDK transport drops it.',
    fix: 'Send `{"jsonrpc":"2.0", ...}` with an `id` and `method` (request), a `method` only (notification), or an `id` with exactly one of `result` or `error`.',
  },
  {
    id: R.invalidResult,
    severity: 'error',
    description: "A result whose shape does not match its request's method (e.g. a tools/call result without `content`): the SDK client rejects the call.",
    fix: "Return the result type the method defines (CallToolResult, InitializeResult, ElicitResult, CreateMessageResult).",
  },
  {
    id: R.errorResponse,
    severity: 'warning',
    description: 'A JSON-RPC error response: the server (or client) reports that the request failed.',
    fix: 'Nothing to fix in the stream when the failure is real; otherwise fix the request the error names.',
  },
  {
    id: R.unknownId,
    severity: 'warning',
    description: 'A response whose id matches no request sent in this session: the SDK client reports "Received a response for an unknown message ID" and ignores it.',
    fix: 'Answer with the id of the request being answered, as sent (a number stays a number).',
  },
  {
    id: R.duplicateResponse,
    severity: 'warning',
    description: 'A second response to a request already answered: JSON-RPC answers each request once; the client ignores the second.',
    fix: 'Send exactly one response per request id.',
  },
  {
    id: R.unanswered,
    severity: 'warning',
    description: 'A request still unanswered when the capture ended (or after its resumable stream ended): the caller waits until its timeout. A stream closed before the answer with no event id to resume from is `mcp/stream-cut`.',
    fix: 'Answer every request, on the SSE stream its POST opened or as the JSON body of that POST, before closing the stream.',
  },
  {
    id: R.streamCut,
    severity: 'error',
    description: 'The SSE stream a POST opened closed (or failed) before the response to its request, and carried no event id to resume from, or the JSON body a POST was answered with has no response to it: the SDK client does not reconnect, and rejects the call when it times out ("Request timed out").',
    fix: 'Send the response on the POST\'s stream before closing it; a server that must close early sends an event with an `id:` first (a priming event) and replays what follows when the client reconnects with `Last-Event-ID`.',
  },
  {
    id: R.answeredAfterCancel,
    severity: 'info',
    description: 'A response to a request the other side had cancelled: receivers SHOULD not answer, but the specification allows it to cross the cancellation and the sender ignores it.',
    fix: 'Stop working on a request when `notifications/cancelled` names it, and send no response.',
  },
  {
    id: R.cancelNotOwn,
    severity: 'warning',
    description: "A `notifications/cancelled` naming a request its sender received rather than sent (a server cancelling the client's tools/call): only a request's sender may cancel it, and the SDK ignores it (it aborts only requests it is handling), so the request still waits for its answer.",
    fix: 'To end a request the server received, answer it (an error response or a tool result with `isError`); send `notifications/cancelled` only for requests the server itself sent.',
  },
  {
    id: R.idCoerced,
    severity: 'warning',
    description: 'A response id or progress token that names its request only as a number ("1", "01", " 1" or "1.0" for 1): the SDK client looks both up by `Number()` and takes them; JSON-RPC answers with the id as sent, and clients that compare it exactly miss the message.',
    fix: 'Copy the request\'s `id` (and its `_meta.progressToken`) as sent: same JSON type, same spelling.',
  },
  {
    id: R.requestIdReused,
    severity: 'warning',
    description: 'A request that reuses the id of a request of the same side still waiting for its answer: "The request ID MUST NOT have been previously used by the requestor within the same session." The SDK handles and answers both, and their sender cannot tell the answers apart.',
    fix: 'Give every request of a session a new id (the SDK counts them up).',
  },
  {
    id: R.progressAfterResult,
    severity: 'warning',
    description: 'A progress notification for a request already answered: "Progress notifications MUST stop after completion."',
    fix: 'Send the last `notifications/progress` before the response.',
  },
  {
    id: R.progressUnknownToken,
    severity: 'warning',
    description: 'A progress notification whose progressToken no active request gave: the SDK client reports it to onerror and ignores it.',
    fix: 'Use the `_meta.progressToken` of the request the progress is about.',
  },
  {
    id: R.progressNotIncreasing,
    severity: 'warning',
    description: 'A progress value that does not increase: "The progress value MUST increase with each notification."',
    fix: 'Send a larger `progress` in every notification for one token.',
  },
  {
    id: R.unknownMethod,
    severity: 'info',
    description: 'A request or notification whose method the MCP specification does not define (an extension or a newer version).',
    fix: 'None needed when it is an extension; check the spelling of the method otherwise.',
  },
];
