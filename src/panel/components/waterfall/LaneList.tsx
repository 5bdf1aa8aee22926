// The lanes as text, for screen readers (the canvas is one image) and tests: name, frames, bars and calls.
import type { SessionSubagents } from '../../store/subagent-lanes';
import type { SessionMetrics } from '../../../analysis/metrics-types';
import type { WaterfallLayout } from './layout';
import { countFrames, subagentOfLane, type LaneName } from './lanes';

export function LaneList({
  layout,
  bands,
  names,
  subs,
  tip,
  metrics: m,
}: {
  layout: WaterfallLayout;
  bands: ReadonlyArray<{ lane: number; y: number }>;
  names: readonly LaneName[];
  subs: SessionSubagents;
  tip: (lane: number) => string[];
  metrics: SessionMetrics;
}) {
  return (
    <ul class="visually-hidden" data-testid="waterfall-lanes">
      {bands.map(({ lane, y }) => {
        const sub = subagentOfLane(layout, subs, lane);
        const calls = (layout.laneSpanRows[lane] ?? []).flat().length;
        return (
          <li
            key={lane}
            data-lane={sub ? 'subagent' : 'connection'}
            data-name={sub ? sub.name : names[lane]?.text}
            data-y={y}
            {...(sub && { 'data-status': sub.status, 'data-depth': sub.depth })}
            {...(!sub && { 'data-input': m.tokens?.input ?? '', 'data-output': m.tokens?.output ?? '', 'data-cost': m.cost ? String(m.cost.usd) : '' })}
            data-frames={countFrames(layout, lane)}
            data-bars={layout.bars[lane]?.length ?? 0}
            data-calls={calls}
          >
            {tip(lane).join(' · ')}
          </li>
        );
      })}
    </ul>
  );
}
