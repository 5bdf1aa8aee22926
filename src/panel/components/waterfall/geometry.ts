// The waterfall's fixed measures in CSS pixels, shared by the drawing, the hit test and the layout's
// bands, so a pointer finds what was drawn under it.
import { DEFAULT_GAP_THRESHOLD_MS } from '../../../analysis/metrics';

/** Room for the lane labels, left of the plot. */
export const LABEL_WIDTH = 120;
/** Height of the time axis above the lanes. */
export const AXIS = 18;
/** Height of a lane's frame row (ticks and bars). */
export const LANE = 18;
/** Height of one row of tool call and approval spans. */
export const SPAN_ROW = 14;
/** Indent of a sub-agent's lane label per level of nesting. */
export const SUB_INDENT = 8;
/** A gap between frames longer than this is shaded. */
export const GAP_THRESHOLD_MS = DEFAULT_GAP_THRESHOLD_MS;

/** A lane's place on the canvas: its frame row and the span rows under it. */
export interface LaneBand {
  lane: number;
  y: number;
  height: number;
}
