// Requests whose answer the stream carrying it can no longer bring: the SSE stream a POST opened ended
// before the answer (the SDK client resumes it only when it gave an event id), or the JSON body that
// answered the POST lacks it. The cut is marked on the request when it happens and reported at the
// page's cancel or at the end of input, since the answer may still come on another stream.
import type { FindingSink } from '../../model/finding';
import { frameRef } from '../../model/frame-ref';
import { MCP_RULES as R } from './rules';
import { idRef, unansweredOn, type PendingRequest } from './messages';
import type { RequestBook } from './request-book';
import { showCutOff, showFailure } from './request-items';

/** A request the page sent on the connection that still waits there, not already given up or cut. */
function stillWaiting(req: PendingRequest, connectionId: string): boolean {
  return unansweredOn(req, connectionId) && req.cancelledAt === undefined && !req.givenUp && req.cutAt === undefined;
}

/** The SSE stream of a POST ended at frame `i`; `resumable` when it gave an event id. */
export function streamEnded(book: RequestBook, connectionId: string, i: number, resumable: boolean): void {
  for (const req of book.on(connectionId)) {
    if (!stillWaiting(req, connectionId)) continue;
    if (resumable) {
      req.endedAt ??= i;
      continue;
    }
    req.cutAt = i;
    showCutOff(req, i);
  }
}

/**
 * The JSON body answering a POST of Streamable HTTP (frame `i`) is the whole answer: a request it does
 * not answer gets none, and when the client rejected the body whole (`rejected`) each request it carried
 * fails at once, reported as the body's finding (the SDK's send() throws). Returns how many failed so.
 */
export function bodyEnded(book: RequestBook, connectionId: string, i: number, rejected: boolean): number {
  let failed = 0;
  for (const req of book.on(connectionId)) {
    if (!stillWaiting(req, connectionId) || req.lostAt !== undefined) continue;
    if (rejected) {
      req.lostAt = i;
      failed++;
      showFailure(req, i, 'the client could not read the response body');
      continue;
    }
    req.cutAt = i;
    req.cutBody = true;
    showCutOff(req, i);
  }
  return failed;
}

/** Reports a request's cut once; `at`, the frame where the page gave up on it. */
export function reportCut(sink: FindingSink, req: PendingRequest, at?: number): void {
  // A response lost in a named event is reported there.
  if (req.cutReported || req.cutAt === undefined || req.lostAt !== undefined) return;
  req.cutReported = true;
  const gaveUp = at === undefined ? '' : `; the page cancelled it at frame ${frameRef(at)}`;
  const what = `${req.method} request ${idRef(req)} (frame ${frameRef(req.frame)})`;
  const frames = [req.cutAt, req.frame];
  if (req.cutResumed) {
    sink.report(R.streamCut, `the SSE stream of ${what} ended at frame ${frameRef(req.cutAt)} before its response; the SDK client's resumption (a GET with Last-Event-ID) did not bring it, and the call timed out${gaveUp}.`, frames);
  } else if (req.cutBody) {
    sink.report(R.streamCut, `the JSON body answering the POST of ${what} at frame ${frameRef(req.cutAt)} has no response to it: the SDK client waits for one and rejects the call when it times out ("Request timed out")${gaveUp}.`, frames);
  } else {
    sink.report(R.streamCut, `the SSE stream of ${what} ended at frame ${frameRef(req.cutAt)} before its response, with no event id to resume from: the SDK client does not reconnect and rejects the call when it times out ("Request timed out")${gaveUp}.`, frames);
  }
}
