// The frames of an OpenAI Chat session that the checks across requests read: what the page sent, the
// chunks that carry tool calls or a finish_reason, and the first chunks of each connection (the start
// of the answer's text). A long answer is thousands of text deltas the checks never need; reading them
// all again on every recompute would cost a second per 100,000 frames. Kept incrementally: each
// recompute looks only at the frames that arrived since the last one.
import type { Frame } from '../../model/frame';
import type { SessionPipeline } from '../../analysis/pipeline';

/** Chunks kept from the start of each connection, whatever they carry: enough for a turn's text. */
const HEAD_FRAMES = 256;
const FINISH = /"finish_reason"\s*:\s*"/;

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
 * Other protocols' sessions are handed over whole (their checks may read other frames).
 */
export function loopPipeline(owner: object, pipeline: SessionPipeline): SessionPipeline {
  if (pipeline.protocol !== 'openai-chat') return pipeline;
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
    if (n <= HEAD_FRAMES || f.direction === 'out' || f.data.includes('"tool_calls"') || FINISH.test(f.data)) index.kept.push(f);
  }
  index.seen = frames.length;
  return index.view;
}
