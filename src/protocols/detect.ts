// Protocol detection by content: connection metadata first, then message frames, until one
// protocol is certain (score 1) or the evidence window is used up.
import type { Connection, DecodedFrame } from '../model/frame';
import type { ProtocolDefinition, ProtocolId } from './types';

/** How many message frames to weigh before settling on the best plausible protocol. */
export const DETECT_WINDOW = 64;

export class ProtocolDetector {
  private readonly scores = new Map<ProtocolId, number>();
  private seen = 0;

  constructor(private readonly registry: readonly ProtocolDefinition[]) {}

  /** Weighs a connection's metadata; returns a protocol when the metadata alone is decisive. */
  connection(connection: Connection): ProtocolDefinition | undefined {
    if (connection.protocol) {
      const chosen = this.registry.find((p) => p.id === connection.protocol);
      if (chosen) return chosen;
    }
    for (const p of this.registry) {
      const score = p.detectConnection?.(connection) ?? 0;
      if (score >= 1) return p;
      if (score > 0) this.add(p.id, score);
    }
    return undefined;
  }

  /** Weighs one frame; returns a protocol when this frame is decisive. */
  frame(frame: DecodedFrame): ProtocolDefinition | undefined {
    // Non-JSON message frames are weighed too: some protocols (the AI SDK v4 data stream) are lines of text.
    if (frame.frame.kind !== 'message' || (frame.json === undefined && frame.jsonError === undefined)) return undefined;
    this.seen++;
    let best: ProtocolDefinition | undefined;
    for (const p of this.registry) {
      let score = 0;
      try {
        score = p.detectFrame(frame);
      } catch {
        // A detector that throws on odd input only loses its vote.
        score = 0;
      }
      if (score >= 1 && !best) best = p;
      else if (score > 0) this.add(p.id, score);
    }
    return best;
  }

  /** True once the window is used up: the caller may settle on `best()`. */
  get windowFull(): boolean {
    return this.seen >= DETECT_WINDOW;
  }

  /** The most plausible protocol so far (ties go to the earlier registry entry), if any scored. */
  best(): ProtocolDefinition | undefined {
    let best: ProtocolDefinition | undefined;
    let bestScore = 0;
    for (const p of this.registry) {
      const s = this.scores.get(p.id) ?? 0;
      if (s > bestScore) {
        best = p;
        bestScore = s;
      }
    }
    return best;
  }

  private add(id: ProtocolId, score: number): void {
    this.scores.set(id, (this.scores.get(id) ?? 0) + score);
  }
}
