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
    description: 'A request never answered before its stream closed or the capture ended: the caller waits until its timeout.',
    fix: 'Answer every request, on the SSE stream its POST opened or as the JSON body of that POST, before closing the stream.',
  },
  {
    id: R.answeredAfterCancel,
    severity: 'info',
    description: 'A response to a request the other side had cancelled: receivers SHOULD not answer, but the specification allows it to cross the cancellation and the sender ignores it.',
    fix: 'Stop working on a request when `notifications/cancelled` names it, and send no response.',
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
