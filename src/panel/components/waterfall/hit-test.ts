// What is under a point of the canvas: a lane's label or band, a span in a lane's rows or the run's
// rows under the lanes, a frame (the nearest within 4 px), or a shaded gap. The point is in CSS pixels
// from the canvas's top left; the answer is the tooltip's lines and the frame a click selects.
import type { SessionTrack } from '../../store/session-track';
import type { SessionSubagents } from '../../store/subagent-lanes';
import { nearestFrame, type WaterfallLayout } from './layout';
import { LABEL_WIDTH, LANE, SPAN_ROW, type LaneBand } from './geometry';
import { subagentOfLane } from './lanes';
import { frameTip, gapTip, spanTip } from './tooltips';

export interface Hit {
  frame?: number;
  lines: string[];
}

export interface HitScene {
  layout: WaterfallLayout;
  bands: readonly LaneBand[];
  /** Where the lanes end and the run's own span rows begin (less their 6 px margin). */
  lanesBottom: number;
  track: SessionTrack;
  subs: SessionSubagents;
  laneTip(lane: number): string[];
}

export function hitTest(scene: HitScene, px: number, y: number): Hit | undefined {
  const { layout, bands, track, subs } = scene;
  const x = px - LABEL_WIDTH;
  const msPerPx = (layout.end - layout.start) / layout.width;
  const t = layout.start + x * msPerPx;
  const band = bands.find((b) => y >= b.y && y < b.y + b.height);
  if (band) {
    const lane = band.lane;
    // The label: what the lane is (a request with its tokens, or a sub-agent).
    if (x < 0) return { lines: scene.laneTip(lane) };
    if (y >= band.y + LANE) {
      const row = Math.floor((y - band.y - LANE) / SPAN_ROW);
      const span = layout.laneSpanRows[lane]?.[row]?.find((s) => x >= s.from && x <= s.to);
      return span ? spanTip(span) : undefined;
    }
    const at = nearestFrame(track, lane, t, msPerPx * 4, layout.laneOf);
    if (at !== undefined) {
      const index = track.indexes[at] as number;
      const sub = subagentOfLane(layout, subs, lane);
      return { frame: index, lines: [frameTip(index, track.category(at), (track.times[at] as number) - layout.start, sub?.name)] };
    }
    const gap = layout.gaps.find((g) => x >= g.from && x <= g.to);
    if (gap) return { frame: gap.beforeFrame, lines: [gapTip(gap)] };
    // The lane's band: the request (or the sub-agent's run) it stands for.
    const extent = layout.extents[lane];
    if (extent && x >= extent.from - 2 && x <= extent.to + 2) return { lines: scene.laneTip(lane) };
    return undefined;
  }
  if (x < 0) return undefined;
  const row = Math.floor((y - scene.lanesBottom - 6) / SPAN_ROW);
  const span = layout.spanRows[row]?.find((s) => x >= s.from && x <= s.to);
  return span ? spanTip(span) : undefined;
}
