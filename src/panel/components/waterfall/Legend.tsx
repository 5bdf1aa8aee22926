// The waterfall's key: each kind's hue, the gap shading, and the never-answered line when one is drawn.
import type { CategoryName } from '../../store/session-track';
import { formatDuration } from '../../store/session-time';
import { CATEGORY_LABELS } from './layout';
import { GAP_THRESHOLD_MS } from './geometry';

const SHOWN: CategoryName[] = ['text', 'reasoning', 'tool-call', 'tool-result', 'approval', 'request', 'lifecycle', 'error'];

export function Legend({ unanswered }: { unanswered: boolean }) {
  return (
    <div class="waterfall-legend muted">
      {SHOWN.map((c) => (
        <span key={c} class="legend-item">
          <span class={`legend-swatch cat-${c}`} aria-hidden="true" /> {CATEGORY_LABELS[c]}
        </span>
      ))}
      <span class="legend-item">
        <span class="legend-swatch gap" aria-hidden="true" /> gap over {formatDuration(GAP_THRESHOLD_MS)}
      </span>
      {unanswered && (
        <span class="legend-item">
          <span class="legend-swatch open-ended" aria-hidden="true" /> never answered
        </span>
      )}
    </div>
  );
}
