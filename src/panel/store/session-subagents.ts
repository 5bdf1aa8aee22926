// A session's sub-agents (subagent-lanes.ts), read again only when its frames or its view changed since:
// the waterfall and every drawn timeline row ask for them.
import type { PanelSession } from './session-set';
import { NO_SUBAGENTS, subagentLanes, type SessionSubagents } from './subagent-lanes';

const cache = new WeakMap<PanelSession, { frames: number; view: unknown; value: SessionSubagents }>();

export function sessionSubagents(session: PanelSession | undefined): SessionSubagents {
  if (!session || session.pipeline.protocol !== 'ag-ui') return NO_SUBAGENTS;
  const frames = session.pipeline.frames.length;
  const view = session.pipeline.view();
  const hit = cache.get(session);
  if (hit && hit.view === view && hit.frames === frames) return hit.value;
  const value = subagentLanes(view);
  cache.set(session, { frames, view, value });
  return value;
}
