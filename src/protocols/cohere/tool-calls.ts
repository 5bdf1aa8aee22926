// Cohere tool calls as both clients read them where the stream leaves the API's order: a delta or end
// goes to the open call whatever its index, and a start while a call is open overwrites the AI SDK's
// provider's one pending call.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { COHERE_RULES as R } from './rules';
import type { Call, Turn } from './turn-state';

/** The last call started and still open: the one both clients add a mismatched delta to. */
function openCall(turn: Turn): Call | undefined {
  let last: Call | undefined;
  for (const call of turn.calls.values()) last = call;
  return last;
}

/**
 * The call a tool-call-delta or tool-call-end goes to: the open call at its index, else the open call
 * (the AI SDK's provider ignores the index, dist/index.js ~612-624, and cohere-ai's consumer adds
 * arguments to the latest call), with a warning once per call. Undefined when no call is open.
 */
export function callFor(turn: Turn, index: number, type: string, frame: Frame, sink: FindingSink): Call | undefined {
  const own = turn.calls.get(index);
  if (own) return own;
  const open = openCall(turn);
  if (!open || open.indexMismatchReported) return open;
  open.indexMismatchReported = true;
  sink.report(R.toolCallIndexMismatch, `${type} at index ${index} while the open tool call is ${open.index} ("${open.item.name}"): cohere-ai's consumer and the AI SDK's Cohere provider, which ignores the index, apply it to that call, and so does the view`, [frame.index, open.startFrame]);
  return open;
}

/**
 * A tool-call-start while a call is open: the AI SDK's provider keeps one pending call and overwrites it
 * (dist/index.js ~591), so the open call is never emitted, and deltas that still come for it join the new
 * call (AI_JSONParseError where the joined arguments do not parse). cohere-ai shows both; so does the
 * view, by index (a start again at an open call's index leaves that call never finished).
 */
export function reportOverlap(turn: Turn, index: number, frame: Frame, sink: FindingSink): void {
  const same = turn.calls.get(index);
  // The call the AI SDK loses: its pending one (the fold's last open call, unless an earlier overlap
  // and a tool-call-end at another index parted them).
  const pending = turn.aiSdkPending;
  if (same) {
    turn.calls.delete(index);
    same.item.unfinished = frame.index;
  }
  const open = same ?? pending ?? openCall(turn);
  if (!open) return;
  const lost = pending
    ? `the AI SDK's Cohere provider (@ai-sdk/cohere 4) keeps one pending call and overwrites it, so "${pending.item.name}" is never emitted`
    : `the AI SDK's Cohere provider (@ai-sdk/cohere 4) keeps one pending call, and an earlier tool-call-end at another index already ended it there`;
  const what = same ? `tool-call-start again at index ${index} while tool call ${index} ("${same.item.name}") is still open` : `tool-call-start for index ${index} while tool call ${open.index} ("${open.item.name}") is still open`;
  const view = same ? 'both calls, and so does the view, the first as never finished' : 'both calls, and so does the view';
  const mixed = pending && !same ? ', and deltas still sent for it join the new call (where the joined arguments do not parse, it fails with AI_JSONParseError)' : '';
  sink.report(R.toolCallOverlap, `${what}: ${lost}${mixed}; cohere-ai shows ${view}`, [frame.index, open.startFrame]);
}
