// The Anthropic Messages fold: SSE events → the shared view model, checking §2.5 of
// other-protocols.md as it goes. One message per turn; a new connection or a client request starts
// the next turn. apply() never throws: anything unexpected becomes a finding and a raw item.
import type { FindingSink } from '../../model/finding';
import type { DecodedFrame, Frame } from '../../model/frame';
import type { ViewModel } from '../../model/view';
import type { ProtocolFold } from '../types';
import { applyDelta, closeUnstopped, prefilledBlocks, startBlock, stopBlock } from './blocks';
import { applyRequest } from './request';
import { ANTHROPIC_RULES as R } from './rules';
import { aiSdkObjection } from './ai-sdk-schema';
import { AnthropicEventSchema, isPlainEvent, KNOWN_EVENT_TYPES, type AnthropicEvent, type MessageDelta, type MessageStart } from './schema';
import { newTurn, type FoldState, type TurnState } from './state';
import { describeIssues, flattenUsage, isRecord, rawItem } from '../shared/view-helpers';
import { guardedApply } from '../shared/view-helpers';
import { abortedByPage, endingItem, TurnConnections } from '../shared/page-abort';

export function createAnthropicFold(): ProtocolFold {
  const state: FoldState = {
    model: { protocol: 'anthropic', items: [], todos: null, streaming: true },
    turn: undefined,
    turnCount: 0,
    tools: new Map(),
    sawMessageFrame: false,
    missingNameReported: false,
    pendingEager: false,
    usage: {},
    unnamedConnections: new Set(),
    lastFrame: 0,
    connections: new TurnConnections(),
  };

  return {
    apply: guardedApply(state.model, (decoded, sink) => applyFrame(state, decoded, sink)),
    finish(sink) {
      const turn = state.turn;
      if (!state.sawMessageFrame) {
        if (!state.connections.stoppedByPage) sink.report(R.streamIncomplete, 'the stream carried no events ("request ended without sending any chunks")', []);
      } else if (!turn) {
        sink.report(R.streamIncomplete, 'the stream ended without any message event (only pings or requests)', [state.lastFrame]);
      } else if (!turn.stopped && !turn.errored && !turn.incompleteReported) {
        reportIncomplete(turn, sink, 'the stream ended without message_stop', [state.lastFrame]);
      }
      state.model.streaming = false;
    },
    view: (): ViewModel => state.model,
    connection(connection) {
      // Only SSE has event names: a WebSocket, an NDJSON body or a file of data lines never carries them.
      if (connection.transport !== 'sse' && connection.transport !== 'eventsource') state.unnamedConnections.add(connection.id);
    },
  };
}

function applyFrame(state: FoldState, decoded: DecodedFrame, sink: FindingSink): void {
  const { frame } = decoded;
  if (frame.kind === 'close' || frame.kind === 'error') {
    if (state.connections.lettingGo(frame)) return;
    const turn = state.turn;
    const own = turn !== undefined && turn.connectionId === frame.connectionId;
    // The turn ends at message_stop or at the stream's own error event.
    const item = endingItem(frame, `error-${frame.index}`, !(own && (turn.stopped || turn.errored)));
    if (own && !turn.stopped && !turn.errored && !turn.incompleteReported) {
      if (abortedByPage(frame)) turn.incompleteReported = true;
      else reportIncomplete(turn, sink, `the connection ${frame.kind === 'close' ? 'closed' : 'failed'} before message_stop`, [frame.index]);
    }
    if (item) state.model.items.push(item);
    state.model.streaming = false;
    return;
  }
  if (frame.kind !== 'message') return;
  state.lastFrame = frame.index;
  if (frame.direction === 'out') {
    if (decoded.json !== undefined) applyRequest(state, decoded.json, frame);
    // The next message belongs to a new turn.
    if (state.turn?.started) state.turn = undefined;
    return;
  }
  state.sawMessageFrame = true;
  state.connections.carried(frame.connectionId);
  if (decoded.jsonError !== undefined) {
    // A frame the capture cut short is not the server's fault: show it, but do not flag it as bad JSON.
    state.model.items.push(rawItem(frame));
    if (frame.truncated) return;
    sink.report(R.invalidJson, `data is not JSON (${decoded.jsonError}); the SDK's JSON.parse throws here`, [frame.index]);
    return;
  }
  const json = decoded.json;
  if (!isRecord(json) || typeof json.type !== 'string') {
    sink.report(R.invalidEvent, 'expected a JSON object with a string "type"', [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  checkEventName(state, frame, json.type, sink);
  // The hand check takes only known types, so the unknown-type check is needed only after it says no.
  if (isPlainEvent(json)) return applyChecked(state, json as AnthropicEvent, frame, sink);
  if (!KNOWN_EVENT_TYPES.has(json.type)) {
    sink.report(R.unknownEvent, `unknown event type "${json.type}": the AI SDK's Anthropic provider rejects it and ends with an error (@anthropic-ai/sdk skips it); shown raw`, [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  const parsed = AnthropicEventSchema.safeParse(json);
  if (!parsed.success) {
    sink.report(R.invalidEvent, `${json.type} is malformed: ${describeIssues(parsed.error.issues)}`, [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  applyChecked(state, parsed.data, frame, sink);
}

/**
 * An event the fold's schema accepts, held to the AI SDK's Anthropic provider too (ai-sdk-schema.ts):
 * one it rejects is reported and still applied as @anthropic-ai/sdk reads it. Block deltas and stops,
 * most of a stream, are checked where they are applied (blocks.ts), the same way.
 */
function applyChecked(state: FoldState, event: AnthropicEvent, frame: Frame, sink: FindingSink): void {
  const type = event.type;
  if (type !== 'content_block_delta' && type !== 'content_block_stop' && type !== 'ping' && type !== 'message_stop') {
    const objection = aiSdkObjection(event);
    if (objection !== undefined) sink.report(R.invalidEvent, `${type}: ${objection}`, [frame.index]);
  }
  applyEvent(state, event, frame, sink);
}

function checkEventName(state: FoldState, frame: Frame, type: string, sink: FindingSink): void {
  if (frame.eventName !== undefined) {
    if (frame.eventName !== type) {
      sink.report(R.eventNameMismatch, `SSE event name "${frame.eventName}" differs from the data type "${type}"; the SDK routes on the event name`, [frame.index]);
    }
  } else if (!state.missingNameReported && !state.unnamedConnections.has(frame.connectionId)) {
    state.missingNameReported = true;
    sink.report(R.missingEventName, 'frames carry no SSE `event:` name; the official SDK skips such records and would yield nothing', [frame.index]);
  }
}

function turnFor(state: FoldState, frame: Frame): TurnState {
  const current = state.turn;
  if (current && current.connectionId === frame.connectionId) return current;
  state.turnCount++;
  state.turn = newTurn(frame.connectionId, state.pendingEager);
  return state.turn;
}

function applyEvent(state: FoldState, event: AnthropicEvent, frame: Frame, sink: FindingSink): void {
  if (event.type === 'ping') return;
  const turn = turnFor(state, frame);
  state.model.streaming = !turn.stopped && !turn.errored;
  if (event.type === 'message_start') {
    if (turn.started && turn.stopped) {
      // Server-side tool loops (programmatic tool calling, tool search) send several messages in one
      // response, each closed by message_stop: the next one starts with fresh block indexes.
      state.turn = nextMessage(turn);
      messageStart(state, state.turn, event, frame);
      return;
    }
    if (turn.started) {
      sink.report(R.duplicateMessageStart, 'message_start before the previous message\'s message_stop; the SDK rejects it ("Unexpected event order")', [frame.index]);
    }
    turn.started = true;
    messageStart(state, turn, event, frame);
    return;
  }
  if (!turn.started && !turn.orderReported && event.type !== 'error') {
    turn.orderReported = true;
    sink.report(R.firstEventNotMessageStart, `got ${event.type} before "message_start"; the first non-ping event must be message_start`, [frame.index]);
  }
  if ((turn.stopped || turn.errored) && !turn.afterStopReported) {
    turn.afterStopReported = true;
    sink.report(R.eventAfterStop, `${event.type} after ${turn.errored ? 'an error event' : 'message_stop'}; the stream is over there`, [frame.index]);
  }
  switch (event.type) {
    case 'content_block_start':
      return startBlock(state, turn, event, frame, sink);
    case 'content_block_delta':
      return applyDelta(state, turn, event, frame, sink);
    case 'content_block_stop':
      return stopBlock(state, turn, event.index, frame, sink);
    case 'message_delta':
      return messageDelta(state, turn, event, frame, sink);
    case 'message_stop':
      return messageStop(state, turn, frame, sink);
    case 'error': {
      const message = `${event.error.type}: ${event.error.message ?? ''}`.trim();
      sink.report(R.errorEvent, `the server sent an error (${message}); the SDK raises APIError`, [frame.index]);
      state.model.items.push({ kind: 'error', id: `error-${frame.index}`, frames: [frame.index], message });
      turn.errored = true;
      state.model.streaming = false;
      return;
    }
  }
}

/** Blocks still open when the message ends are closed here (blocks.ts, closeUnstopped). */
function closeOpenBlocks(state: FoldState, turn: TurnState, frame: Frame, sink: FindingSink, what: string): void {
  for (const block of turn.blocks.values()) if (!block.stopped) closeUnstopped(state, turn, block, frame, sink, what);
}

function messageDelta(state: FoldState, turn: TurnState, event: MessageDelta, frame: Frame, sink: FindingSink): void {
  closeOpenBlocks(state, turn, frame, sink, 'message_delta');
  const reason = event.delta.stop_reason;
  if (reason !== undefined) {
    turn.stopReason = reason;
    turn.stopReasonFrame = frame.index;
  }
  // Usage in message_delta is cumulative: overwrite, never add (flattened straight into the totals:
  // the same keys in the same order as assigning a flattened copy).
  flattenUsage(event.usage, state.usage);
  state.model.usage = state.usage;
  if (reason === 'tool_use' && !turn.sawToolUse) {
    sink.report(R.toolUseStopWithoutTool, 'stop_reason is "tool_use" but the message has no tool_use block', [frame.index]);
  }
  if (reason === 'pause_turn' && !turn.sawServerTool) {
    sink.report(R.pauseTurnWithoutServerTool, 'stop_reason is "pause_turn", which is used with server tools, but none was used', [frame.index]);
  }
  if (reason === 'refusal') {
    sink.report(R.refusal, 'the model refused (stop_reason "refusal"); content streamed before the refusal is kept', [frame.index]);
  }
}

function messageStop(state: FoldState, turn: TurnState, frame: Frame, sink: FindingSink): void {
  closeOpenBlocks(state, turn, frame, sink, 'message_stop');
  if (turn.stopReason === undefined || turn.stopReason === null) {
    const frames = turn.stopReasonFrame !== undefined ? [frame.index, turn.stopReasonFrame] : [frame.index];
    sink.report(R.missingStopReason, 'message_stop without a message_delta carrying a non-null stop_reason', frames);
  }
  if (turn.lastText && turn.stopReason !== 'tool_use') turn.lastText.final = true;
  turn.stopped = true;
  state.model.streaming = false;
}

function messageStart(state: FoldState, turn: TurnState, event: MessageStart, frame: Frame): void {
  state.model.streaming = true;
  flattenUsage(event.message.usage, state.usage);
  state.model.usage = state.usage;
  const { content, stop_reason: reason } = event.message;
  if (content) prefilledBlocks(state, turn, content, frame);
  if (typeof reason === 'string') {
    turn.stopReason = reason;
    turn.stopReasonFrame = frame.index;
  }
}

/** The next message of a multi-message response: same turn and branding, fresh blocks. */
function nextMessage(turn: TurnState): TurnState {
  const next = newTurn(turn.connectionId, turn.eagerInput);
  next.started = true;
  next.brandGiven = turn.brandGiven;
  return next;
}

function reportIncomplete(turn: TurnState, sink: FindingSink, why: string, frames: number[]): void {
  turn.incompleteReported = true;
  sink.report(R.streamIncomplete, `${why}; the message is incomplete ("stream ended without producing a Message with role=assistant")`, frames);
}
