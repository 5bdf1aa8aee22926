// State of the v4 data stream fold. Mirrors the v4 client (`processChatResponse`): one current text part
// and one current reasoning part, both reset when a step finishes; tool calls by toolCallId.
import type { FindingSink } from '../../model/finding';
import type { RawItem, ReasoningItem, TextItem, ToolItem, ViewModel } from '../../model/view';
import { preview } from '../../model/decode';
import { StepLayout } from '../aisdk-ui/layout';
import { SmallMap } from '../shared/small-map';

export interface DataTool {
  item: ToolItem;
  /** `b:` was seen: `c:` deltas may follow. */
  streamed: boolean;
  text: string;
  /** `9:` was seen. */
  called: boolean;
  startFrame: number;
  incompleteReported: boolean;
}

export interface DataFoldState {
  model: ViewModel;
  layout: StepLayout;
  sink: FindingSink;
  text: TextItem | undefined;
  reasoning: ReasoningItem | undefined;
  // The map and set are made when first written: a fold is made per session, and many sessions call no tool.
  tools: SmallMap<DataTool> | undefined;
  /** Tool calls started by `b:` and not yet completed by `9:`, by toolCallId (one DataTool per id). */
  pendingCalls: SmallMap<DataTool> | undefined;
  lines: number;
  errorAt: number | undefined;
  reportedAfterError: boolean;
  finishedAt: number | undefined;
  /** The page aborted, cancelled or closed the stream before its finish: no missing finish to report. */
  stoppedByPage: boolean;
  reportedAfterFinish: boolean;
  stepOpenAt: number | undefined;
  /** Some `f:` was seen: the server marks steps (older servers send only `e:`). */
  sawStepStart: boolean;
  /** The usage counters of the steps finished so far, summed, but for those in `pendingUsage`. */
  stepUsage: Record<string, number> | undefined;
  /** The `usage` values of the steps finished since `stepUsage` was last summed (stepUsageOf). */
  pendingUsage: unknown[] | undefined;
  ended: boolean;
}

/** The sink until the shell sets the frame's: reports nothing. */
const NO_SINK: FindingSink = { report: () => undefined };

export function createDataState(): DataFoldState {
  const model: ViewModel = { protocol: 'aisdk-data', items: [], todos: null, streaming: true };
  return {
    model,
    layout: new StepLayout(model),
    sink: NO_SINK,
    text: undefined,
    reasoning: undefined,
    tools: undefined,
    pendingCalls: undefined,
    lines: 0,
    errorAt: undefined,
    reportedAfterError: false,
    finishedAt: undefined,
    stoppedByPage: false,
    reportedAfterFinish: false,
    stepOpenAt: undefined,
    sawStepStart: false,
    stepUsage: undefined,
    pendingUsage: undefined,
    ended: false,
  };
}

export function addRaw(st: DataFoldState, index: number, text: string): RawItem {
  const item: RawItem = { kind: 'raw', id: `raw-${index}-${st.lines}`, frames: [index], text: preview(text, 2000) };
  st.layout.addItem(item, index);
  return item;
}
