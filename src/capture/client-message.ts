// Which request bodies are agent client messages sent as requests of their own (an approval reply to
// a question asked over SSE, a subscription, a JSON-RPC message), and which of those are recorded as
// they are sent. Shared by the fetch and XMLHttpRequest hooks, so a page's choice of API changes
// nothing in its capture.
import { acceptsStream } from './content-types';
import { strIncludes } from './natives';

/**
 * Substring checks only: nothing is parsed in the page. A JSON-RPC message (MCP) is often answered
 * with 202 and no body (a notification, the page's answer to a server request): its body is the frame.
 */
export function looksLikeClientMessage(body: string): boolean {
  return strIncludes(body, '"approval_key"') || strIncludes(body, '"last_event_id"') || strIncludes(body, '"jsonrpc"');
}

/**
 * A client message is recorded when it is sent: the server may go on with the stream it answers
 * before the request's own response comes back (it goes on because it got the reply), and a reply
 * recorded on its response would then come after the events it let through. Two kinds stay with
 * their response: a request whose Accept asks for a stream (MCP's Streamable HTTP POSTs) may be
 * answered with one, whose request body it then is; and a run request carrying the conversation
 * (`messages`: AI SDK, AG-UI, chat completions), which may mention any of the markers, starts a stream
 * and answers none.
 */
export function recordedWhenSent(body: string, accept: string | null | undefined): boolean {
  return !acceptsStream(accept) && !strIncludes(body, '"messages"');
}
