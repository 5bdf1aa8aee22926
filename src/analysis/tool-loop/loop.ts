// The tool loop across the requests of one conversation, the same for every protocol: a stream that
// asks for tools must be followed up; the follow-up must carry the calls and one result per call;
// round trips in a row are bounded. What a call and a result look like is each protocol's own.
import { wholeAnswerOf, type Conversation, type ConversationRequest, type StreamedAnswer, type StreamedToolCall } from '../conversations';
import { isRecord } from '../../protocols/shared/view-helpers';
import { safeJson } from '../../model/safe-text';
import { DEFAULT_MAX_ROUND_TRIPS, type LoopRuleIds } from './rules';

export interface LoopReport {
  (request: ConversationRequest, rule: string, message: string, frames: number[], path?: string): void;
}

export interface LoopOptions {
  /** Tool round trips in a row past which `<protocol>/loop-too-deep` is reported. */
  maxRoundTrips?: number;
}

/** One follow-up under check: where its findings go and which frames they name. */
export interface FollowUp {
  parent: ConversationRequest;
  request: ConversationRequest;
  /** The follow-up's first frame, then the frame where the parent's stream asked for tools. */
  frames: number[];
  report(rule: string, message: string, path?: string): void;
}

export interface LoopProtocol {
  rules: LoopRuleIds;
  /** The stream ended asking the page to run tools. */
  asksForTools(answer: StreamedAnswer): boolean;
  /** What the stream said when it asked, for the stalled finding, e.g. `stop_reason "tool_use"`. */
  askedWith: string;
  checkFollowUp(followUp: FollowUp): void;
}

export function checkLoop(conversation: Conversation, protocol: LoopProtocol, report: LoopReport, options: LoopOptions = {}): void {
  const max = options.maxRoundTrips ?? DEFAULT_MAX_ROUND_TRIPS;
  const R = protocol.rules;
  const { requests } = conversation;
  const depth: number[] = [];
  requests.forEach((request, position) => {
    // A request sent again (a retry) leaves the loop to the new one; a long decode's request, to the
    // next one, whose stream goes on with the answer.
    const followedUp = requests.some((r) => r.continues === position || r.repeats === position || r.hopOf === position);
    const answer = wholeAnswerOf(request);
    if (protocol.asksForTools(answer) && !followedUp) {
      const names = answer.toolCalls.map((c) => c.name || '?').join(', ');
      report(request, R.stalled, `the stream ended with ${protocol.askedWith} (${names}) and no later request carried the tool results: the tool loop stopped here`, [answer.finishFrame ?? request.firstFrame]);
    }
    // A decode's later request sends the earlier one's messages again: checked there already.
    if (request.hopOf !== undefined) {
      depth[position] = depth[request.hopOf] ?? 0;
      return;
    }
    const continued = request.continues === undefined ? undefined : requests[request.continues];
    if (!continued || wholeAnswerOf(continued).toolCalls.length === 0) {
      depth[position] = 0;
      return;
    }
    // The follow-up carries the calls of the whole answer, over all of a long decode's requests.
    const parent = continued.wholeAnswer ? { ...continued, answer: continued.wholeAnswer } : continued;
    depth[position] = (depth[request.continues ?? 0] ?? 0) + 1;
    const frames = [request.firstFrame, ...(parent.answer.finishFrame !== undefined ? [parent.answer.finishFrame] : [])];
    protocol.checkFollowUp({ parent, request, frames, report: (rule, message, path) => report(request, rule, message, frames, path) });
    if (depth[position] === max + 1) {
      report(request, R.tooDeep, `${max + 1} tool round trips in a row without a new user message (bound ${max}): the loop may not end`, [request.firstFrame]);
    }
  });
}

/**
 * The follow-up's first new message, when it is the assistant message that should carry the calls;
 * else `missing` says what is there instead (reported as changed calls).
 */
export function newAssistant(followUp: FollowUp, carrying: string): { at: number; assistant?: Record<string, unknown>; missing?: string } {
  const at = followUp.request.newFrom;
  const first: unknown = followUp.request.messages[at];
  if (isRecord(first) && first.role === 'assistant') return { at, assistant: first };
  return { at, missing: `messages[${at}] is not the assistant message with ${carrying} (its role is ${isRecord(first) && first.role !== undefined ? safeJson(first.role, { maxLength: 80 }) : 'missing'})` };
}

/** A result the follow-up carries: the call id it answers and where it sits. */
export interface ResultSeen {
  id: string;
  path: string;
}

/**
 * Exactly one result per call: a result for no call is reported as unknown (unless `known` says the
 * conversation has that call from earlier), a call with none or several as a count fault.
 */
export function checkResults(
  followUp: FollowUp,
  rules: LoopRuleIds,
  results: readonly ResultSeen[],
  words: { result: string; idField: string; missingPath?: string },
  known: (id: string) => boolean = () => false,
): void {
  const calls = followUp.parent.answer.toolCalls;
  const byId = new Map<string, string[]>();
  for (const result of results) {
    if (!calls.some((c) => c.id === result.id)) {
      if (!known(result.id)) {
        followUp.report(rules.unknownToolCallId, `${words.result} with ${words.idField} ${JSON.stringify(result.id)} matches no tool call of the answer (${calls.map((c) => c.id).join(', ')})`, result.path);
      }
      continue;
    }
    let list = byId.get(result.id);
    if (!list) byId.set(result.id, (list = []));
    list.push(result.path);
  }
  for (const call of calls) {
    const found = byId.get(call.id) ?? [];
    if (found.length === 1) continue;
    const what = found.length === 0 ? `has no ${words.result}` : `has ${found.length} (${found.join(', ')})`;
    report(followUp, rules, call, what, found.length === 0 ? words.missingPath : found[1]);
  }
}

function report(followUp: FollowUp, rules: LoopRuleIds, call: StreamedToolCall, what: string, path: string | undefined): void {
  followUp.report(rules.resultCount, `tool call ${JSON.stringify(call.id)} (${call.name || '?'}) ${what}; exactly one result per call id is needed`, path);
}

/** Arguments re-serialised the way clients do (parse, then stringify with sorted keys); text that is not JSON as is. */
export function normalJson(text: string): string {
  try {
    return stableJson(JSON.parse(text) as unknown, 0);
  } catch {
    return text;
  }
}

/** JSON of a value with object keys sorted; nesting past 64 levels is cut (page data is untrusted). */
export function stableJson(value: unknown, depth = 0): string {
  if (depth > 64) return '"…"';
  if (Array.isArray(value)) return `[${value.map((v) => stableJson(v, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The first way a carried call differs from the streamed one (name, then arguments as JSON), or undefined. */
export function callDifference(call: StreamedToolCall, name: unknown, args: string | undefined): string | undefined {
  if (name !== call.name) return `tool call ${JSON.stringify(call.id)} has name ${JSON.stringify(name) ?? 'missing'}, the stream gave ${JSON.stringify(call.name)}`;
  if (args === undefined || normalJson(args) !== normalJson(call.arguments)) {
    return `tool call ${JSON.stringify(call.id)} has arguments ${args ?? 'missing'}, the stream gave ${call.arguments}`;
  }
  return undefined;
}

/** A call as a follow-up carries it back: its id, its name, and its arguments as JSON text (undefined when it has none). */
export interface CarriedCall {
  id: unknown;
  name: unknown;
  arguments: string | undefined;
}

/** How a protocol names carried calls: what holds them, one and several of them, and what gave the streamed ones. */
export interface CarriedWords {
  holder: string;
  one: string;
  several: string;
  source?: string;
}

/**
 * The first way the carried calls differ from the streamed ones, or undefined when they match: their
 * count, then each streamed call found by id, its name, then its arguments as JSON.
 */
export function carriedCallsDifference(streamed: readonly StreamedToolCall[], carried: readonly CarriedCall[], words: CarriedWords): string | undefined {
  if (carried.length !== streamed.length) return `${words.holder} ${carried.length} ${words.several}, ${words.source ?? 'the stream'} gave ${streamed.length}`;
  for (const call of streamed) {
    const found = carried.find((c) => c.id === call.id);
    if (!found) return `${words.one} ${JSON.stringify(call.id)} is missing`;
    const diff = callDifference(call, found.name, found.arguments);
    if (diff) return diff;
  }
  return undefined;
}
