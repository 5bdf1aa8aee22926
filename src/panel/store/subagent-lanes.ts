// The sub-agents of a session's view (AG-UI `SUBAGENT_STARTED` … `SUBAGENT_FINISHED` / `SUBAGENT_ERROR`)
// and the frames each one produced, for the waterfall's lane per sub-agent and the timeline's tag on
// each of its rows. Read from the view model the fold keeps (each sub-agent's messages and tool calls
// sit in its group, and every item lists the frames that built it), so the protocol's fold is not
// asked for anything more. A nested sub-agent (one started by another) has its own lane, one step
// deeper; its frames are its own, not its parent's.
import type { GroupItem, SubagentInfo, ViewItem, ViewModel } from '../../model/view';
import { MAX_DATA_DEPTH } from '../../model/safe-text';

export interface SubagentLane {
  runId: string;
  /** The sub-agent's name as the stream gave it (the run id when it never announced one). */
  name: string;
  status: SubagentInfo['status'];
  /** 0 for a sub-agent of the run, 1 for one started by a sub-agent, and so on. */
  depth: number;
  /** Capture indexes of the frames that built its group and the items in it, in ascending order. */
  frames: number[];
  /** Ids of the tool calls it made. */
  toolIds: Set<string>;
}

export interface SessionSubagents {
  /** In the order the stream started them (a nested one after its parent). */
  lanes: SubagentLane[];
  /** The sub-agent a frame belongs to, by capture index. */
  of(frame: number): SubagentLane | undefined;
}

export const NO_SUBAGENTS: SessionSubagents = { lanes: [], of: () => undefined };

/** The view's sub-agents; `NO_SUBAGENTS` (without a walk) for a protocol that has none. */
export function subagentLanes(view: ViewModel): SessionSubagents {
  if (view.protocol !== 'ag-ui') return NO_SUBAGENTS;
  const lanes: SubagentLane[] = [];
  const byFrame = new Map<number, SubagentLane>();
  const visit = (items: readonly ViewItem[], owner: SubagentLane | undefined, depth: number, level: number): void => {
    // Groups nest only as deep as the stream nests steps and sub-agents; the bound keeps a hostile one finite.
    if (level > MAX_DATA_DEPTH) return;
    for (const item of items) {
      if (item.kind === 'group') {
        const group = item as GroupItem;
        if (group.subagent) {
          const lane: SubagentLane = { runId: group.subagent.runId, name: group.subagent.name, status: group.subagent.status, depth, frames: [], toolIds: new Set() };
          lanes.push(lane);
          claim(lane, group.frames, byFrame);
          visit(group.items, lane, depth + 1, level + 1);
          continue;
        }
        if (owner) claim(owner, group.frames, byFrame);
        visit(group.items, owner, depth, level + 1);
        continue;
      }
      if (!owner) continue;
      claim(owner, item.frames, byFrame);
      if (item.kind === 'tool') owner.toolIds.add(item.toolId);
    }
  };
  visit(view.items, undefined, 0, 0);
  if (lanes.length === 0) return NO_SUBAGENTS;
  for (const lane of lanes) lane.frames.sort((a, b) => a - b);
  return { lanes, of: (frame) => byFrame.get(frame) };
}

/** Files frames under a sub-agent; a frame already filed (a nested sub-agent's) stays where it is. */
function claim(lane: SubagentLane, frames: readonly number[], byFrame: Map<number, SubagentLane>): void {
  for (const frame of frames) {
    if (byFrame.has(frame)) continue;
    byFrame.set(frame, lane);
    lane.frames.push(frame);
  }
}
