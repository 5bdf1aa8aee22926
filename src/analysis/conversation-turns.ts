// A conversation read as turns across its requests, the way a chat shows it: the user's message, the
// tool calls the stream asked for, the results the page sent back in the next request, the final
// answer. Each turn names the request it comes from and the frame to show for it (the request body
// for what the page sent, the frame with finish_reason for what the stream answered).
import { decodeFrame } from '../model/decode';
import type { Frame } from '../model/frame';
import { wholeAnswerOf, type Conversation, type ConversationRequest } from './conversations';
import { sentMessage, textPiece } from './conversation-turns-protocols';
import type { Session } from './sessions';
import { TOOL_LOOPS } from './tool-loop';
import { isCutOff } from './cut-off';
import type { Finding } from '../model/finding';

export type TurnKind = 'user' | 'assistant' | 'tool-calls' | 'tool-result' | 'answer' | 'waiting' | 'cut-off';

export interface ConversationTurn {
  kind: TurnKind;
  /** Plain text, one line per call or result. */
  lines: string[];
  /** Position of the request in the conversation's `requests`. */
  request: number;
  connectionId: string;
  session: Session;
  /** The frame that shows this turn. */
  frame: number;
}

/** Longest text kept per line: a turn is a summary, the frame holds the whole payload. */
const MAX_LINE = 400;

export function conversationTurns(conversation: Conversation): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  const { requests } = conversation;
  requests.forEach((request, position) => {
    const at = (kind: TurnKind, lines: string[], frame: number): void => {
      if (lines.length > 0) turns.push({ kind, lines, request: position, connectionId: request.connectionId, session: request.session, frame });
    };
    // A request sent again repeats messages already shown, and so does a long decode's next request;
    // only its answer is new.
    if (request.repeats === undefined && request.hopOf === undefined) sentTurns(request, at);
    const answer = request.answer;
    const finish = answer.finishFrame ?? request.firstFrame;
    const frames = framesOf(request);
    const text = answerText(request, frames);
    // A long decode's next request: its first turn says whose answer it goes on with.
    let lead = request.hopOf === undefined ? [] : [`(goes on with the answer of request ${request.hopOf + 1}: a long decode's next request)`];
    const led = (lines: string[]): string[] => {
      const out = [...lead, ...lines];
      lead = [];
      return out;
    };
    if (text) at('answer', led([text]), finish);
    if (answer.toolCalls.length > 0) {
      at('tool-calls', led(answer.toolCalls.map((c) => clip(`${c.name || '?'}(${c.arguments}) · ${c.id || 'no id'}`))), finish);
      const followedUp = requests.some((r) => r.continues === position || r.repeats === position || r.hopOf === position);
      // The loop checks' own word for a stream that asks for tools: the stalled mark is where they report a stall.
      if (!followedUp && TOOL_LOOPS[request.protocol].asksForTools(wholeAnswerOf(request))) at('waiting', ['no request carried the tool results'], finish);
    } else if (!text && answer.finishReason) at('answer', led([`(no text; finish_reason ${clip(answer.finishReason)})`]), finish);
    // The stream ended before its end (analysis/cut-off.ts): the answer above is not whole.
    const cut = cutOffOf(request, frames);
    if (cut) at('cut-off', [clip(cut.message)], cut.frames[0] ?? cut.at);
  });
  return turns;
}

/** The messages the page added in this request: the user's turn, tool results (the carried tool calls were shown with the answer). */
function sentTurns(request: ConversationRequest, at: (kind: TurnKind, lines: string[], frame: number) => void): void {
  const results: string[] = [];
  const flush = () => {
    if (results.length > 0) at('tool-result', results.splice(0), request.firstFrame);
  };
  for (let i = request.newFrom; i < request.messages.length; i++) {
    const m = sentMessage(request.protocol, request.messages[i]);
    if (!m) continue;
    for (const r of m.results) results.push(clip(r.line));
    if (m.role === 'tool') continue;
    flush();
    const text = m.text;
    if (m.role === 'user' && text) at('user', [clip(text)], request.firstFrame);
    // History the first request carries (earlier turns of a chat restored from storage).
    else if (m.role === 'assistant' && i < request.messages.length - 1 && request.continues === undefined && text) at('assistant', [clip(text)], request.firstFrame);
  }
  flush();
}

/** The text of the answer the request's stream gave (OpenAI Chat: choice 0; a recording of several steps: the last one). */
function answerText(request: ConversationRequest, frames: readonly Frame[]): string {
  let text = '';
  for (const frame of frames) {
    if (frame.direction !== 'in' || frame.kind !== 'message') continue;
    const piece = textPiece(request.protocol, decodeFrame(frame).json);
    // Past what the turn shows, a long answer's deltas only matter for a later step's start (which resets it).
    if (typeof piece === 'string') text = text.length > MAX_LINE * 4 ? text : text + piece;
    else if (piece) text = '';
    if (text.length > MAX_LINE * 4 && request.protocol === 'openai-chat') break;
  }
  return clip(text.trim(), MAX_LINE * 4);
}

/** The finding that says this request's stream was cut off, if one does: reported on a frame of its connection. */
function cutOffOf(request: ConversationRequest, frames: readonly Frame[]): Finding | undefined {
  const cuts = request.session.pipeline.findings().filter(isCutOff);
  if (cuts.length === 0) return undefined;
  const own = new Set(frames.map((f) => f.index));
  return cuts.find((f) => own.has(f.frames[0] ?? f.at));
}

function framesOf(request: ConversationRequest): Frame[] {
  return request.session.pipeline.frames.filter((f) => f.connectionId === request.connectionId);
}

function clip(text: string, max = MAX_LINE): string {
  const one = text.replace(/\s+/g, ' ');
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

const LABEL: Record<TurnKind, string> = {
  user: 'user',
  assistant: 'assistant',
  'tool-calls': 'tool calls',
  'tool-result': 'tool results',
  answer: 'assistant',
  waiting: 'stalled',
  'cut-off': 'cut off',
};

export function turnLabel(kind: TurnKind): string {
  return LABEL[kind];
}

/** A conversation that spans requests, or whose one request asked for tools (a loop that stopped there). */
export function spansRequests(c: Conversation): boolean {
  return c.requests.length > 1 || c.requests.some((r) => r.answer.toolCalls.length > 0);
}

/**
 * The conversations as text, for `render`: one block per conversation that spans requests, each turn
 * headed by its label and the 1-based frame number of the request it comes from.
 */
export function renderConversations(list: readonly Conversation[]): string {
  return list
    .filter(spansRequests)
    .map((c) => {
      const head = `== conversation ${c.id} (${c.protocol}, ${c.requests.length} request${c.requests.length === 1 ? '' : 's'}) ==\n`;
      const body = conversationTurns(c).map((t) => {
        const where = `request ${t.request + 1} #${t.frame + 1}`;
        const [first = '', ...rest] = t.lines;
        return [`${turnLabel(t.kind)} [${where}]: ${first}`, ...rest.map((l) => `  ${l}`)].join('\n');
      });
      return `${head}${body.join('\n')}\n`;
    })
    .join('');
}
