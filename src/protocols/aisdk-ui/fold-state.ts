// The UI message stream fold's state: open parts by id, tool calls by toolCallId, and the stream's
// lifecycle. Kept in maps so each chunk costs O(1) however long the stream is.
import type { FindingSink } from '../../model/finding';
import type { ApprovalItem, RawItem, ReasoningItem, TextItem, ToolItem, ViewModel } from '../../model/view';
import { flatPreview } from './flat-preview';
import { StepLayout } from './layout';
import { SmallMap } from '../shared/small-map';

export type ToolPhase = 'input-streaming' | 'input-available' | 'output' | 'error' | 'denied';

export interface ToolState {
  item: ToolItem;
  phase: ToolPhase;
  /** A tool-input-start was seen (only then may tool-input-delta follow). */
  streamed: boolean;
  /** The toolName its tool-input-start gave: ai names the part so again on each tool-input-delta. */
  streamName?: string;
  text: string;
  encoding: 'json' | 'text';
  startFrame: number;
  /** The step the call's part is in (StepLayout.serial): input chunks in a later step make another part, as ai does. */
  serial: number;
  /** The part with the same toolCallId in an earlier step, which a reset of this step brings back. */
  earlier?: ToolState;
  /** The approval asked for this call, if any. */
  approval?: ApprovalItem;
  /** tool-input-incomplete was reported for it (once per call). */
  incompleteReported?: boolean;
}

export interface UiFoldState {
  model: ViewModel;
  layout: StepLayout;
  sink: FindingSink;
  // The maps and sets are made when first written: a fold is made per session, sessions are often
  // short, and most never use most of them.
  openText: SmallMap<TextItem> | undefined;
  openReasoning: SmallMap<ReasoningItem> | undefined;
  /** `text:<id>` / `reasoning:<id>` still open at finish-step, and that finish-step's frame. */
  leftOpenAtStep: Map<string, number> | undefined;
  tools: SmallMap<ToolState> | undefined;
  approvals: Map<string, { item: ApprovalItem; tool: ToolState }> | undefined;
  /**
   * Persistent data parts by `type` + NUL + `id`: a later part with the same key replaces the earlier
   * one. Held as the key's part before its first NUL, then the rest (see dataPart), so no key is built.
   */
  dataParts: SmallMap<SmallMap<RawItem>> | undefined;
  /** ai 5.0's `reasoning` chunk appends to the current reasoning part. */
  legacyReasoning: ReasoningItem | undefined;
  messageId: string | undefined;
  chunks: number;
  stepOpenAt: number | undefined;
  finishedAt: number | undefined;
  reportedAfterFinish: boolean;
  doneAt: number | undefined;
  reportedAfterDone: boolean;
  aborted: boolean;
  ended: boolean;
  /** A client request was captured, so the conversation the stream continues is known. */
  requestSeen: boolean;
  /** Tool call ids of the request's messages (calls of earlier responses the client holds). */
  priorToolCalls: Set<string> | undefined;
  /** Warnings said once a session (unknown keys, version-specific chunk types), by what they name. */
  warnedOnce: Set<string> | undefined;
}

export function createUiState(): UiFoldState {
  const model: ViewModel = { protocol: 'aisdk-ui', items: [], todos: null, streaming: true };
  return {
    model,
    layout: new StepLayout(model),
    sink: NO_SINK,
    openText: undefined,
    openReasoning: undefined,
    leftOpenAtStep: undefined,
    tools: undefined,
    approvals: undefined,
    dataParts: undefined,
    legacyReasoning: undefined,
    messageId: undefined,
    chunks: 0,
    stepOpenAt: undefined,
    finishedAt: undefined,
    reportedAfterFinish: false,
    doneAt: undefined,
    reportedAfterDone: false,
    aborted: false,
    ended: false,
    requestSeen: false,
    priorToolCalls: undefined,
    warnedOnce: undefined,
  };
}

/** The sink until the shell sets the frame's: reports nothing. */
const NO_SINK: FindingSink = { report: () => undefined };

/** Forgets the open text and reasoning parts (a new message, a step reset), when there are any. */
export function clearOpenParts(st: UiFoldState): void {
  if (st.openText !== undefined && st.openText.size > 0) st.openText.clear();
  if (st.openReasoning !== undefined && st.openReasoning.size > 0) st.openReasoning.clear();
  st.leftOpenAtStep?.clear();
}

/** Shows a frame as is so it is never lost (unknown chunk, or one the client would reject). */
export function addRaw(st: UiFoldState, index: number, text: string): RawItem {
  return addRawPreview(st, index, flatPreview(text, RAW_MAX));
}

/** addRaw of a text already cut and flattened as addRaw does (flatPreview(text, RAW_MAX)). */
export function addRawPreview(st: UiFoldState, index: number, preview: string): RawItem {
  const item: RawItem = { kind: 'raw', id: `raw-${index}`, frames: [index], text: preview };
  st.layout.addItem(item, index);
  return item;
}

/** How much of a frame a raw item shows. */
export const RAW_MAX = 2000;
