// End-of-completion checks (at `[DONE]`, a close, the next request or the end of input): what
// openai-node's finalizeChatCompletion would reject, plus the tool-call and refusal rules.
import type { FindingSink } from '../../model/finding';
import type { FoldState, ChoiceState, ToolCallState, TurnState } from './state';
import { CHAT_RULES as R } from './rules';
import { parseJson, setToolInput } from '../shared/view-helpers';

/**
 * `ended` is how the capture saw the connection end, when it did: a close (the body ended), a failure,
 * or an abort by the page (../shared/page-abort.ts), which ends the turn on purpose: no end-of-stream
 * finding. Without it (the end of input, the next request) the capture cannot tell a cut stream from a
 * cut file.
 */
export function finalizeTurn(state: FoldState, turn: TurnState, sink: FindingSink, at: number[], ended?: 'close' | 'error' | 'abort'): void {
  if (turn.finalized) return;
  turn.finalized = true;
  if (turn.errored) return;
  if (turn.chunkCount === 0) {
    sink.report(R.noChunks, 'the completion stream carried no chunks ("request ended without sending any chunks")', at);
    return;
  }
  // A recording of data lines only (a file) or a WebSocket has no [DONE] to miss.
  const noDone = !turn.done && !state.noDoneMarker.has(turn.connectionId);
  const cut = noDone ? streamCut(turn, ended) : undefined;
  if (cut !== undefined) sink.report(R.streamCut, cut, at.length > 0 ? at : [turn.lastFrame]);
  else if (noDone && ended !== 'abort') {
    sink.report(R.missingDone, 'the stream ended without `data: [DONE]`', at.length > 0 ? at : [turn.lastFrame]);
  }
  if (turn.choices.size === 0 && cut === undefined && ended !== 'abort') {
    sink.report(R.noChunks, `the completion stream carried ${turn.chunkCount === 1 ? 'a chunk' : `${turn.chunkCount} chunks`} but no choice: nothing to show (openai 6 and 7 throw "stream ended without producing a ChatCompletionMessage with role=assistant")`, at.length > 0 ? at : [turn.lastFrame]);
  }
  for (const c of turn.choices.values()) finalizeChoice(state, c, sink, cut !== undefined || ended === 'abort', turn.done);
  const gap = lowestMissing(turn.choices);
  if (gap !== undefined) {
    sink.report(R.choiceIndexGap, `the completion has choice ${gap.after} but no choice ${gap.missing}: openai 6 and 7's ChatCompletionStream fail on the gap ("Cannot read properties of undefined (reading 'message')"); a \`for await\` reader and the AI SDK read the choices`, [turn.choices.get(gap.after)?.firstFrame ?? turn.lastFrame]);
  }
}

/**
 * Why the connection ended mid-answer, if it did: it failed before `[DONE]` (openai 6 and 7 throw
 * "terminated"), or closed while a choice had no finish_reason (their ChatCompletionStream throws
 * "missing finish_reason for choice N"; a `for await` reader shows the cut answer as finished).
 * A close after every finish_reason is only a missing `[DONE]`, which the clients read whole.
 */
function streamCut(turn: TurnState, ended: 'close' | 'error' | 'abort' | undefined): string | undefined {
  if (ended === 'error') return 'the connection failed before `data: [DONE]` (openai 6 and 7 throw "terminated")';
  if (ended !== 'close') return undefined;
  const open = [...turn.choices.values()].filter((c) => c.finishReason === undefined).map((c) => c.index);
  if (open.length === 0) return undefined;
  return `the connection closed mid-answer: no \`data: [DONE]\` and choice ${open.join(', ')} without a finish_reason (openai 6 and 7's ChatCompletionStream throw "missing finish_reason for choice ${open[0]}"; a \`for await\` reader shows the cut answer as finished)`;
}

/** `done`: the stream said it ended (`[DONE]`), so a choice without a finish_reason is not a cut recording. */
function finalizeChoice(state: FoldState, c: ChoiceState, sink: FindingSink, cut: boolean, done: boolean): void {
  if (!c.role) {
    sink.report(R.missingRole, `choice ${c.index} never received delta.role; read as assistant (openai-node's ChatCompletionStream helper throws "missing role for choice ${c.index}")`, [c.firstFrame]);
  }
  // A cut or aborted stream has no finish_reason because it ended early: streamCut says so, or the page chose it.
  if (c.finishReason === undefined && !cut) {
    if (done) {
      sink.report(R.doneBeforeFinishReason, `choice ${c.index} had no finish_reason at \`data: [DONE]\`: openai's ChatCompletionStream stops there and throws ("missing finish_reason for choice ${c.index}"), and @ai-sdk/openai-compatible ≥ 3.0.33 ends the stream with an error ("Response stream ended without a finish reason") unless a finish_reason comes after \`[DONE]\`, where it reads on; a \`for await\` reader shows the content`, [c.firstFrame]);
    } else {
      sink.report(R.missingFinishReason, `choice ${c.index} ended without a finish_reason where the capture shows no end of the stream (openai-node's ChatCompletionStream helper throws "missing finish_reason for choice ${c.index}", and @ai-sdk/openai-compatible ≥ 3.0.33 fails a stream that ends so)`, [c.firstFrame]);
    }
  }
  finalizeTools(state, c, sink);
  if (c.hasContent && c.hasRefusal) {
    sink.report(R.refusalWithContent, `choice ${c.index} carries both refusal text and content; expected one or the other`, [c.refusal?.frames[0] ?? c.firstFrame]);
  }
  const calls = c.tools.size;
  if (c.finishReason === 'tool_calls' && calls === 0) {
    sink.report(R.finishReasonToolCallsMismatch, `choice ${c.index} finished with "tool_calls" but streamed no tool call`, [c.finishFrame ?? c.firstFrame]);
  } else if (c.finishReason !== undefined && calls > 0 && c.finishReason !== 'tool_calls' && c.finishReason !== 'function_call') {
    sink.report(R.finishReasonToolCallsMismatch, `choice ${c.index} streamed ${calls} tool call(s) but finished with "${c.finishReason}"; expected "tool_calls"`, [c.finishFrame ?? c.firstFrame]);
  }
  if (c.text && c.finishReason === 'stop') c.text.final = true;
}

/**
 * The calls' identity and arguments, judged at the end of the completion: openai-node's accumulator
 * takes deltas after a finish_reason too, so a call begun or completed after it counts as any other.
 */
function finalizeTools(state: FoldState, c: ChoiceState, sink: FindingSink): void {
  for (const [index, call] of c.tools) {
    const label = index === -1 ? 'function_call' : `tool_calls[${index}]`;
    if (index !== -1 && !call.name) {
      sink.report(R.toolCallIncomplete, `choice ${c.index} ${label} never received function.name ("missing choices[${c.index}].tool_calls[${index}].function.name")`, [call.firstFrame]);
    } else if (index !== -1 && !call.type) {
      sink.report(R.toolCallTypeMissing, `choice ${c.index} ${label} never received type; read as a function call (openai-node's ChatCompletionStream helper throws "missing choices[${c.index}].tool_calls[${index}].type")`, [call.firstFrame]);
    }
    if (index !== -1 && !call.id) {
      sink.report(R.toolCallMissingId, `choice ${c.index} ${label} never received an id; openai-node ≥ 6.46 invents one, older versions and Vercel reject it`, [call.firstFrame]);
    }
    parseInput(state, call);
    if (call.parsed?.error !== undefined) {
      sink.report(R.invalidToolArguments, `arguments of ${label} "${call.name ?? ''}" are not valid JSON: ${call.parsed.error}`, [call.item.frames[call.item.frames.length - 1] ?? call.firstFrame, call.firstFrame]);
    }
  }
  const gap = lowestMissing(c.tools);
  if (gap !== undefined) {
    sink.report(R.toolCallIndexGap, `choice ${c.index} has tool_calls[${gap.after}] but no tool_calls[${gap.missing}]: openai 6 and 7's ChatCompletionStream fail on the gap ("Cannot read properties of undefined"); a \`for await\` reader and the AI SDK read the calls`, [c.tools.get(gap.after)?.firstFrame ?? c.firstFrame]);
  }
}

/** Each call's arguments parsed into its input, when they changed since the last parse: what a finished choice shows. */
export function parseToolInputs(state: FoldState, c: ChoiceState): void {
  for (const call of c.tools.values()) parseInput(state, call);
}

function parseInput(state: FoldState, call: ToolCallState): void {
  if (call.parsed?.args === call.args) return;
  if (call.args.trim() === '') {
    call.parsed = { args: call.args };
    apply(state, call.item, {});
    return;
  }
  const parsed = parseJson(call.args);
  call.parsed = parsed.ok ? { args: call.args } : { args: call.args, error: parsed.reason };
  if (parsed.ok) apply(state, call.item, parsed.value);
}

/** The first index missing below the highest one of a map numbered from 0 with no gap (a choice's calls, a completion's choices), and the highest. */
function lowestMissing(byIndex: ReadonlyMap<number, unknown>): { missing: number; after: number } | undefined {
  let highest = -1;
  for (const index of byIndex.keys()) if (index > highest) highest = index;
  for (let i = 0; i < highest; i++) if (!byIndex.has(i)) return { missing: i, after: highest };
  return undefined;
}

function apply(state: FoldState, item: Parameters<typeof setToolInput>[0], input: unknown): void {
  const todos = setToolInput(item, input);
  if (todos && item.parentToolId === undefined) state.model.todos = todos;
}
