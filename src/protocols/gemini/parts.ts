// One candidate's parts: text and thoughts, function calls (whole, or streamed with `partialArgs`),
// code execution, inline and file data, and grounding sources, appended to view items in order.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import type { ToolItem } from '../../model/view';
import { extendText } from '../../model/text-builder';
import { flatSourcePreview } from '../aisdk-ui/flat-preview';
import { addFrame, newToolItem, rawItem, setToolInput } from '../shared/view-helpers';
import { applyPartialArgs } from './partial-args';
import { GEMINI_RULES as R } from './rules';
import type { GeminiCandidate, GeminiFunctionCall, GeminiPart, PartialArg } from './schema';
import type { CallState, FoldState, TurnState } from './state';

/** This fold reads the texts it streams only to extend them (see model/text-digest.ts). */
const DIGESTIBLE = true;
const RAW_MAX = 2000;

export function applyCandidate(state: FoldState, turn: TurnState, candidate: GeminiCandidate, frame: Frame, sink: FindingSink): void {
  const parts = candidate.content?.parts ?? [];
  if (turn.finishReason !== undefined && !turn.afterFinishReported && parts.some(hasPayload)) {
    turn.afterFinishReported = true;
    sink.report(R.dataAfterFinish, `the candidate received content after its finishReason "${turn.finishReason}"`, [frame.index, turn.finishFrame ?? frame.index]);
  }
  for (let i = 0; i < parts.length; i++) applyPart(state, turn, parts[i] as GeminiPart, frame, i, sink);
  if (candidate.groundingMetadata || candidate.citationMetadata) addSources(state, turn, candidate, frame);
  const token = candidate.continuationToken ?? undefined;
  // A token the request sent back again marks no progress: @google/genai does not resume from it.
  if (token && token !== turn.continues) turn.token = token;
  if (candidate.finishReason && turn.finishReason === undefined) {
    turn.finishReason = candidate.finishReason;
    turn.finishFrame = frame.index;
    if (candidate.finishReason === 'CONTINUATION') onContinuation(state, turn, !!token, frame, sink);
    else onFinish(turn, candidate.finishReason, candidate.finishMessage ?? undefined, !!token, frame, sink);
  }
}

/**
 * A long decode reached the per-request output cap with budget left (Gemini 4): @google/genai (unless
 * the page turned automaticContinuation off) and the AI SDK's Google provider send the request again
 * with the chunk's `continuationToken` and show the next response as the rest of this answer. The
 * provider reads the token from this chunk only; @google/genai from the latest one the response gave.
 */
function onContinuation(state: FoldState, turn: TurnState, withToken: boolean, frame: Frame, sink: FindingSink): void {
  if (withToken) {
    state.model.items.push({ kind: 'raw', id: `t${turn.n}-continued-${frame.index}`, frames: [frame.index], text: CONTINUED_TEXT });
    return;
  }
  const genai = turn.token !== undefined ? "@google/genai continues from the response's latest checkpoint token" : 'and no checkpoint earlier in the response gave one, so @google/genai cannot either';
  sink.report(R.continuationWithoutToken, `finishReason "CONTINUATION" without a continuationToken: the AI SDK's Google provider cannot continue and ends the answer here, as cut at its length; ${genai}`, [frame.index]);
}

const CONTINUED_TEXT = 'continued in a new request (finishReason CONTINUATION: the per-request output cap): clients send its continuationToken back and show the rest as part of this answer';

/** A part that shows something (an empty text part shows nothing). */
export function hasPayload(part: GeminiPart): boolean {
  return !!(part.text || part.functionCall || part.inlineData || part.fileData || part.executableCode || part.codeExecutionResult);
}

function onFinish(turn: TurnState, reason: string, message: string | undefined, withToken: boolean, frame: Frame, sink: FindingSink): void {
  if (turn.text && reason !== 'MAX_TOKENS') turn.text.final = true;
  if (reason === 'STOP' || reason === 'FINISH_REASON_UNSPECIFIED') return;
  const why = message ? ` (${message})` : '';
  if (reason === 'MALFORMED_FUNCTION_CALL' || reason === 'UNEXPECTED_TOOL_CALL') {
    sink.report(R.malformedFunctionCall, `finishReason "${reason}"${why}: the model's function call failed`, [frame.index]);
  } else {
    // A long decode's MAX_TOKENS carries a token the page may send back with a higher maxOutputTokens.
    const resume = reason === 'MAX_TOKENS' && withToken ? '; its continuationToken, sent back with a higher maxOutputTokens, resumes it' : '';
    sink.report(R.truncatedFinishReason, `finishReason "${reason}"${why}: the answer was ${reason === 'MAX_TOKENS' ? 'cut off at the token limit' : 'cut off or filtered'}${resume}`, [frame.index]);
  }
}

function itemId(turn: TurnState, frame: Frame, i: number, what: string): string {
  return `t${turn.n}-${what}-${frame.index}-${i}`;
}

function applyPart(state: FoldState, turn: TurnState, part: GeminiPart, frame: Frame, i: number, sink: FindingSink): void {
  if (typeof part.text === 'string') {
    if (part.text !== '') {
      if (part.thought === true) appendReasoning(state, turn, part.text, frame, i);
      else appendText(state, turn, part.text, frame, i);
    } else if (part.thoughtSignature && turn.lastItem) {
      // A signature on an empty text part belongs to what came before it (the AI SDK attaches it there).
      addFrame(turn.lastItem.frames, frame.index);
    }
    return;
  }
  if (part.functionCall) return applyFunctionCall(state, turn, part.functionCall, frame, i, sink);
  turn.last = 'other';
  if (part.inlineData) {
    const data = part.inlineData.data ?? '';
    return pushRaw(state, turn, frame, i, `file: ${part.inlineData.mimeType ?? '?'}${part.inlineData.displayName ? ` ${part.inlineData.displayName}` : ''} (${data.length} characters of base64)`);
  }
  if (part.fileData) return pushRaw(state, turn, frame, i, `file: ${part.fileData.mimeType ?? '?'} ${part.fileData.fileUri ?? ''}`);
  if (part.executableCode) {
    const item = newToolItem(itemId(turn, frame, i, 'code'), '', 'code_execution', frame.index);
    item.input = { language: part.executableCode.language ?? '', code: part.executableCode.code ?? '' };
    item.inputText = part.executableCode.code ?? '';
    state.model.items.push(item);
    turn.lastCode = item;
    turn.lastItem = item;
    return;
  }
  if (part.codeExecutionResult) {
    const code = turn.lastCode;
    if (!code) return pushRaw(state, turn, frame, i, `codeExecutionResult: ${part.codeExecutionResult.outcome ?? ''} ${part.codeExecutionResult.output ?? ''}`);
    code.result = part.codeExecutionResult.output ?? '';
    code.status = part.codeExecutionResult.outcome === 'OUTCOME_OK' ? 'success' : 'error';
    code.frames.push(frame.index);
    turn.lastCode = undefined;
    return;
  }
  if (part.functionResponse) return pushRaw(state, turn, frame, i, `functionResponse ${part.functionResponse.name ?? ''}`);
  sink.report(R.unknownPart, `a part with none of the fields this version knows (${Object.keys(part).slice(0, 5).join(', ') || 'empty'}); shown raw`, [frame.index]);
  state.model.items.push(rawItem(frame, itemId(turn, frame, i, 'raw')));
}

function pushRaw(state: FoldState, turn: TurnState, frame: Frame, i: number, text: string): void {
  state.model.items.push({ kind: 'raw', id: itemId(turn, frame, i, 'raw'), frames: [frame.index], text: text.length > RAW_MAX ? `${text.slice(0, RAW_MAX - 1)}…` : text });
}

function appendReasoning(state: FoldState, turn: TurnState, text: string, frame: Frame, i: number): void {
  if (turn.last !== 'reasoning' || !turn.reasoning) {
    turn.reasoning = { kind: 'reasoning', id: itemId(turn, frame, i, 'reasoning'), frames: [], text: '' };
    state.model.items.push(turn.reasoning);
    turn.last = 'reasoning';
  }
  turn.reasoning.text = extendText(turn.reasoning, turn.reasoning.text, text, DIGESTIBLE);
  addFrame(turn.reasoning.frames, frame.index);
  turn.lastItem = turn.reasoning;
}

function appendText(state: FoldState, turn: TurnState, text: string, frame: Frame, i: number): void {
  if (turn.last !== 'text' || !turn.text) {
    const brand = !turn.brandGiven;
    turn.brandGiven = true;
    turn.text = { kind: 'text', id: itemId(turn, frame, i, 'text'), frames: [], text: '', part: false, final: false, brand };
    state.model.items.push(turn.text);
    turn.last = 'text';
  }
  turn.text.text = extendText(turn.text, turn.text.text, text, DIGESTIBLE);
  addFrame(turn.text.frames, frame.index);
  turn.lastItem = turn.text;
}

/** The AI SDK's reading of a function call part: streamed start or piece, terminal chunk, whole call. */
function applyFunctionCall(state: FoldState, turn: TurnState, fc: GeminiFunctionCall, frame: Frame, i: number, sink: FindingSink): void {
  turn.last = 'other';
  const name = fc.name ?? undefined;
  const pieces = fc.partialArgs ?? undefined;
  const streaming = pieces !== undefined || (name !== undefined && fc.willContinue === true);
  const terminal = name === undefined && (fc.args ?? undefined) === undefined && pieces === undefined && (fc.willContinue ?? undefined) === undefined;
  if (streaming) {
    let call: CallState | undefined;
    if (name !== undefined) {
      call = newCall(state, turn, fc, name, frame, i);
      turn.open.push(call);
    } else {
      call = turn.open[turn.open.length - 1];
      if (!call) {
        sink.report(R.partialArgsWithoutCall, 'functionCall.partialArgs with no streamed function call open; the arguments belong to no call and are lost', [frame.index]);
        return;
      }
      addFrame(call.item.frames, frame.index);
    }
    if (pieces) {
      applyPieces(call, pieces, frame, sink);
      if (fc.willContinue !== true && pieces.every((p) => p.willContinue !== true)) finishOpen(state, turn, frame);
    }
    return;
  }
  if (terminal) {
    if (turn.open.length > 0) finishOpen(state, turn, frame);
    return;
  }
  if (name === undefined) {
    if (fc.args) sink.report(R.functionCallMissingName, 'a functionCall with args but no name; no client can run or show it', [frame.index]);
    return;
  }
  // A whole call: with its args, or a no-argument call (`{name}` alone).
  const call = newCall(state, turn, fc, name, frame, i);
  call.args = fc.args ?? {};
  finish(state, call);
}

/** The pieces into the call's arguments, as the AI SDK builds them; what it skips or throws on is reported once a call. */
function applyPieces(call: CallState, pieces: readonly PartialArg[], frame: Frame, sink: FindingSink): void {
  const { gaps, thrown } = applyPartialArgs(call.args, pieces);
  if (gaps.length > 0 && !call.gapReported) {
    call.gapReported = true;
    sink.report(R.partialArgsIndexGap, `function call "${call.name}": partialArgs piece "${gaps[0]}" skips an array index (no element before it yet); the AI SDK's Google provider drops the piece, and the arguments it runs the tool with lack its value`, [frame.index]);
  }
  if (thrown !== undefined && !call.throwReported) {
    call.throwReported = true;
    sink.report(R.invalidChunk, `function call "${call.name}": partialArgs piece "${thrown}" runs through a string, number or boolean value; the AI SDK's Google provider throws (TypeError) placing it, and its stream ends with an error; the piece is left out`, [frame.index]);
  }
}

function newCall(state: FoldState, turn: TurnState, fc: GeminiFunctionCall, name: string, frame: Frame, i: number): CallState {
  const item = newToolItem(itemId(turn, frame, i, 'call'), fc.id ?? '', name, frame.index);
  state.model.items.push(item);
  turn.lastItem = item;
  const args: Record<string, unknown> = {};
  item.input = args;
  return { item, name, args, firstFrame: frame.index };
}

function finishOpen(state: FoldState, turn: TurnState, frame: Frame): void {
  const call = turn.open.pop();
  if (!call) return;
  addFrame(call.item.frames, frame.index);
  finish(state, call);
}

function finish(state: FoldState, call: CallState): void {
  const item: ToolItem = call.item;
  const todos = setToolInput(item, call.args);
  if (todos && item.parentToolId === undefined) state.model.todos = todos;
  try {
    item.inputText = JSON.stringify(call.args);
  } catch {
    item.inputText = undefined;
  }
}

/** Grounding chunks and citations as source lines, each URL once per response. */
function addSources(state: FoldState, turn: TurnState, candidate: GeminiCandidate, frame: Frame): void {
  const found: { uri: string; title: string }[] = [];
  for (const chunk of candidate.groundingMetadata?.groundingChunks ?? []) {
    const web = chunk.web ?? chunk.retrievedContext ?? chunk.maps;
    if (web?.uri) found.push({ uri: web.uri, title: web.title ?? '' });
  }
  for (const c of candidate.citationMetadata?.citations ?? []) if (c.uri) found.push({ uri: c.uri, title: c.title ?? '' });
  for (const s of found) {
    if (turn.sources.has(s.uri)) continue;
    turn.sources.add(s.uri);
    state.model.items.push({ kind: 'raw', id: `t${turn.n}-source-${frame.index}-${turn.sources.size}`, frames: [frame.index], text: flatSourcePreview(s.title || s.uri, s.uri, RAW_MAX) });
  }
}
