// The lanes beyond the connections': each AG-UI sub-agent gets one under its connection's, holding its
// frames and the calls it made; and each lane's label.
import type { SessionSubagents, SubagentLane } from '../../store/subagent-lanes';
import type { WaterfallLayout, WaterfallSpan } from './layout';
import { SUB_INDENT } from './geometry';

export interface LaneName {
  text: string;
  indent: number;
  failed: boolean;
}

/** Each lane's label: the connection's name, or the sub-agent's with an arrow, indented by its nesting. */
export function laneLabels(layout: WaterfallLayout, connectionNames: readonly string[], subs: SessionSubagents): LaneName[] {
  const out: LaneName[] = connectionNames.map((text) => ({ text, indent: 0, failed: false }));
  subs.lanes.forEach((sub) => out.push({ text: sub.name, indent: SUB_INDENT * (sub.depth + 1), failed: sub.status === 'failed' }));
  return out.slice(0, layout.lanes.length);
}

/** The lane of each sub-agent, for the layout. */
export function subLanesOf(subs: SessionSubagents): { count: number; of(frame: number): number | undefined } | undefined {
  if (subs.lanes.length === 0) return undefined;
  const index = new Map<SubagentLane, number>(subs.lanes.map((l, k) => [l, k]));
  return { count: subs.lanes.length, of: (frame) => {
    const lane = subs.of(frame);
    return lane === undefined ? undefined : index.get(lane);
  } };
}

/** A sub-agent's calls (and approvals) go on its lane: the frame that made them is one of its frames. */
export function onSubLanes(spans: WaterfallSpan[], subs: SessionSubagents): WaterfallSpan[] {
  if (subs.lanes.length === 0) return spans;
  return spans.map((s) => {
    const lane = subs.of(s.startFrame);
    return lane ? { ...s, subLane: subs.lanes.indexOf(lane) } : s;
  });
}

/** The sub-agent a lane stands for, or none for a connection's lane. */
export function subagentOfLane(layout: WaterfallLayout, subs: SessionSubagents, lane: number): SubagentLane | undefined {
  return lane >= layout.connectionLanes ? subs.lanes[lane - layout.connectionLanes] : undefined;
}

/** How many of the session's frames the layout put on a lane. */
export function countFrames(layout: WaterfallLayout, lane: number): number {
  let n = 0;
  for (let i = 0; i < layout.laneOf.length; i++) if (layout.laneOf[i] === lane) n++;
  return n;
}
