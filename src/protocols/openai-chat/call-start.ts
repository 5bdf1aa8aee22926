// Where the AI SDK's providers start a tool call other than where openai does. Their tracker
// (StreamingToolCallTracker of @ai-sdk/provider-utils, behind @ai-sdk/openai-compatible and
// @ai-sdk/openai) starts a call at the first delta with a non-blank `function.name`, and starts another
// call on the same index when a named delta opens a new JSON value after the call's arguments already
// formed a whole one. openai's accumulator keys a call by its index alone. Mirrored here so the fold
// can say where the two part (test/unit/openai-chat-aisdk-agreement.test.ts runs the provider).
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { CHAT_RULES as R } from './rules';
import type { ToolCallDelta } from './schema';
import type { ToolCallState } from './state';

const isBlank = (value: string): boolean => value.trim() === '';

/** Arguments that open with an object or an array (the tracker's "structured start"). */
function opensJsonValue(args: string | null | undefined): boolean {
  const first = args?.trimStart()[0];
  return first === '{' || first === '[';
}

/**
 * Whether the arguments begin with a whole JSON object or array (what follows it does not matter): the
 * tracker's bracket count, which skips brackets inside strings and gives up on a mismatched one.
 */
function holdsWholeJsonValue(args: string): boolean {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (const ch of args) {
    if (stack.length === 0) {
      if (/\s/.test(ch)) continue;
      if (ch !== '{' && ch !== '[') return false;
      stack.push(ch);
      continue;
    }
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch);
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== (ch === '}' ? '{' : '[')) return false;
      if (stack.length === 0) return true;
    }
  }
  return false;
}

/**
 * Checks a delta for an indexed call before it is applied (`call` as it stood before it; undefined for
 * the call's first delta). A call restarted on its index, or opened with a blank name, reads one way in
 * openai and another in the AI SDK: an error, shown as openai shows it. A call named only after its
 * first delta fails the AI SDK's OpenAI provider alone: a warning.
 */
export function checkCallStart(choice: number, index: number, call: ToolCallState | undefined, tc: ToolCallDelta, frame: Frame, sink: FindingSink): void {
  const name = tc.function?.name;
  if (typeof name !== 'string') return;
  const label = `choice ${choice} tool_calls[${index}]`;
  // The first named delta hands the call to the tracker; a blank name there makes it drop the call.
  if (!call?.named && isBlank(name)) {
    sink.report(R.toolCallBlankName, `${label} opened with a blank function.name: @ai-sdk/openai-compatible drops the arguments sent so far (or adds them to another open call) and starts the call at its next name; openai reads the call whole, and so does this view`, [frame.index]);
    return;
  }
  if (call !== undefined && !call.named) {
    // The tracker starts a call at its first named delta: @ai-sdk/openai-compatible holds the arguments
    // sent before it by index, @ai-sdk/openai does not (it throws, or files them under another open call).
    sink.report(R.toolCallNameLate, `${label} got its function.name ("${name}") only after its first delta: openai and @ai-sdk/openai-compatible ≥ 2.0.58 read the call whole, and so does this view; the AI SDK's OpenAI provider (openai.chat(), @ai-sdk/openai 3 and 4) and @ai-sdk/openai-compatible ≤ 2.0.57 throw "Expected 'function.name' to be a string." (or, without an id, add the arguments to another open call)`, [frame.index, call.firstFrame]);
    return;
  }
  if (call === undefined || call.restartReported || call.name !== name) return;
  // Another id is tool-call-identity-changed's business.
  if (tc.id && call.id && tc.id !== call.id) return;
  const args = tc.function?.arguments;
  // The tracker starts another call at new JSON arguments after whole ones; and at a first id for a call
  // that had none, with new JSON arguments, or with none once the call's arguments are whole.
  const firstId = call.id === undefined && tc.id !== undefined && tc.id !== null && !isBlank(tc.id);
  const restarts = firstId ? opensJsonValue(args) || (isBlank(args ?? '') && holdsWholeJsonValue(call.args)) : opensJsonValue(args) && holdsWholeJsonValue(call.args);
  if (!restarts) return;
  call.restartReported = true;
  sink.report(R.toolCallRestarted, `${label} "${name}" was named again with new arguments or a first id after its arguments began: the AI SDK's providers start a second call there (and a page runs both), openai appends them to the first call's arguments, which are then not JSON`, [frame.index, call.firstFrame]);
}
