// The frames of a session that the checks across requests read: what the page sent, the events that
// carry tool calls or how the stream ended, each connection's close or failure (where a cut stream's
// finding points, which the conversation's turns place), and the first events of each connection (the
// start of the answer's text, for the conversation's turns). A long answer is thousands of text deltas
// the checks never need; reading them all again on every recompute would cost a second per 100,000 frames. Kept
// incrementally: each recompute looks only at the frames that arrived since the last one.
import type { Frame } from '../../model/frame';
import type { SessionPipeline } from '../../analysis/pipeline';
import { isHistoryFrame } from '../../analysis/history-live';
import { decodeFrame } from '../../model/decode';
import { frameSourceOf } from './live-pipeline';
import { HISTORY_HINTS } from './history-hint';

/** Chunks kept from the start of each connection, whatever they carry: enough for a turn's text. */
const HEAD_FRAMES = 256;
const FINISH = /"finish_reason"\s*:\s*"/;

/**
 * Per protocol, whether a frame past the head may be left out. OpenAI Chat keeps only the chunks with
 * tool calls or a finish_reason; the others leave out just their text deltas, which neither the loop
 * checks nor the turns read past the head. AG-UI leaves out its text deltas only until the session
 * holds a history read (a MESSAGES_SNAPSHOT): history against live compares the text that streamed
 * before one, and without one it compares nothing (so a flood of deltas is not decoded again, and held
 * decoded, each time the checks run, as it was when the stream closed).
 */
const LEAVES_OUT: Partial<Record<string, (data: string) => boolean>> = {
  'openai-chat': (data) => !data.includes('"tool_calls"') && !FINISH.test(data),
  anthropic: (data) => /"type"\s*:\s*"text_delta"/.test(data),
  'openai-responses': (data) => /"type"\s*:\s*"response\.output_text\.delta"/.test(data),
  'aisdk-ui': (data) => /"type"\s*:\s*"text-delta"/.test(data),
  'ag-ui': (data) => /"type"\s*:\s*"TEXT_MESSAGE_CONTENT"/.test(data),
};

/** Protocols handed over whole once a frame of theirs is a history read (see history-live). */
const WHOLE_WITH_HISTORY = new Set(['ag-ui']);

interface Index {
  pipeline: SessionPipeline;
  seen: number;
  kept: Frame[];
  perConnection: Map<string, number>;
  view: SessionPipeline;
  /** A history read was seen: the pipeline goes whole from now on. */
  history: boolean;
}

const indexes = new WeakMap<object, Index>();

/**
 * The pipeline as the checks across requests see it: the same object with only the frames they read.
 * Sessions of protocols without a rule in LEAVES_OUT are handed over whole.
 */
export function loopPipeline(owner: object, pipeline: SessionPipeline): SessionPipeline {
  const leavesOut = LEAVES_OUT[pipeline.protocol ?? ''];
  if (!leavesOut) return pipeline;
  const frames = frameSourceOf(pipeline);
  if (!frames) return pipeline;
  const count = frames.count();
  let index = indexes.get(owner);
  if (!index || index.pipeline !== pipeline || index.seen > count) {
    const kept: Frame[] = [];
    // Reads through to the pipeline for everything but its frames.
    const view = Object.create(pipeline, { frames: { get: () => kept } }) as SessionPipeline;
    index = { pipeline, seen: 0, kept, perConnection: new Map(), view, history: false };
    indexes.set(owner, index);
  }
  const watchHistory = WHOLE_WITH_HISTORY.has(pipeline.protocol);
  // A frame is made only when it is kept or may be a history read.
  const hint = HISTORY_HINTS[pipeline.protocol];
  for (let i = index.seen; i < count && !index.history; i++) {
    const connection = frames.connectionAt(i);
    const n = (index.perConnection.get(connection) ?? 0) + 1;
    index.perConnection.set(connection, n);
    const data = frames.dataAt(i);
    if (watchHistory && (frames.encodingAt(i) === 'base64' || !hint || hint(data)) && isHistoryFrame(pipeline.protocol, decodeFrame(frames.at(i)))) index.history = true;
    else if (n <= HEAD_FRAMES || frames.directionAt(i) === 'out' || frames.kindAt(i) !== 'message' || !leavesOut(data)) index.kept.push(frames.at(i));
  }
  index.seen = count;
  return index.history ? pipeline : index.view;
}
