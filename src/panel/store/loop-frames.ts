// The frames of a session that the checks across requests read: what the page sent, the events that
// carry tool calls or how the stream ended, and the first events of each connection (the start of the
// answer's text, for the conversation's turns). A long answer is thousands of text deltas the checks
// never need; reading them all again on every recompute would cost a second per 100,000 frames. Kept
// incrementally: each recompute looks only at the frames that arrived since the last one.
import type { Frame } from '../../model/frame';
import type { SessionPipeline } from '../../analysis/pipeline';

/** Chunks kept from the start of each connection, whatever they carry: enough for a turn's text. */
const HEAD_FRAMES = 256;
const FINISH = /"finish_reason"\s*:\s*"/;

/**
 * Per protocol, whether a frame past the head may be left out. OpenAI Chat keeps only the chunks with
 * tool calls or a finish_reason; the others leave out just their text deltas, which neither the loop
 * checks nor the turns read past the head. AG-UI is handed over whole: history against live compares
 * its text.
 */
const LEAVES_OUT: Partial<Record<string, (data: string) => boolean>> = {
  'openai-chat': (data) => !data.includes('"tool_calls"') && !FINISH.test(data),
  anthropic: (data) => /"type"\s*:\s*"text_delta"/.test(data),
  'openai-responses': (data) => /"type"\s*:\s*"response\.output_text\.delta"/.test(data),
  'aisdk-ui': (data) => /"type"\s*:\s*"text-delta"/.test(data),
};

interface Index {
  pipeline: SessionPipeline;
  seen: number;
  kept: Frame[];
  perConnection: Map<string, number>;
  view: SessionPipeline;
}

const indexes = new WeakMap<object, Index>();

/**
 * The pipeline as the checks across requests see it: the same object with only the frames they read.
 * Sessions of protocols without a rule in LEAVES_OUT are handed over whole.
 */
export function loopPipeline(owner: object, pipeline: SessionPipeline): SessionPipeline {
  const leavesOut = LEAVES_OUT[pipeline.protocol ?? ''];
  if (!leavesOut) return pipeline;
  const frames = pipeline.frames;
  let index = indexes.get(owner);
  if (!index || index.pipeline !== pipeline || index.seen > frames.length) {
    const kept: Frame[] = [];
    // Reads through to the pipeline for everything but its frames.
    const view = Object.create(pipeline, { frames: { get: () => kept } }) as SessionPipeline;
    index = { pipeline, seen: 0, kept, perConnection: new Map(), view };
    indexes.set(owner, index);
  }
  for (let i = index.seen; i < frames.length; i++) {
    const f = frames[i] as Frame;
    const n = (index.perConnection.get(f.connectionId) ?? 0) + 1;
    index.perConnection.set(f.connectionId, n);
    if (n <= HEAD_FRAMES || f.direction === 'out' || !leavesOut(f.data)) index.kept.push(f);
  }
  index.seen = frames.length;
  return index.view;
}
