// The session's figures in one line: time to first byte and first token, duration, tokens and cost,
// tool calls and their slowest latency, time spent waiting for the user, output rate, the longest gap
// and how many gaps passed the threshold, and the findings navigator. Inputs without a clock say so
// instead. Folded into the session bar (docked at the bottom), tokens and cost lead, and the figures
// that do not fit are counted in a "+N" at the end, which names them and unfolds the strip onto more lines.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PanelStore } from '../store/store';
import { track } from '../store/track';
import { formatDuration } from '../store/session-time';
import { sessionMetrics } from '../store/session-metrics';
import { FindingNav, sessionName } from './FindingsList';
import { applyEvent } from '../store/apply';
import { frameNumber } from '../store/frame-row';
import { pricerVersion } from '../store/pricer';
import { TokenFigures } from './TokenFigures';

/** `inline`: drawn inside the session bar's row (a short panel), its figures cut before they wrap. */
export function MetricsStrip({ store, inline = false }: { store: PanelStore; inline?: boolean }) {
  track(store.sessionsVersion.value);
  track(pricerVersion.value);
  const [unfolded, setUnfolded] = useState(false);
  const { strip, left } = useLeftOut(inline, unfolded);
  const session = store.sessions.current.value;
  if (!session) return null;
  const m = sessionMetrics(session);
  const slowest = m.tools.reduce<number | undefined>((max, t) => (t.latencyMs !== undefined && (max === undefined || t.latencyMs > max) ? t.latencyMs : max), undefined);
  const waited = m.waits.reduce((sum, w) => sum + (w.waitMs ?? 0), 0);
  // An approval or question still open has no wait yet: say it is pending rather than "0 ms".
  const pending = m.waits.filter((w) => w.waitMs === undefined).length;
  const waiting = pending === 0 ? formatDuration(waited) : pending === m.waits.length ? `${pending} pending` : `${formatDuration(waited)} + ${pending} pending`;
  const rate = m.tokensPerSecond !== undefined ? `${m.tokensPerSecond.toFixed(1)} tok/s` : m.charsPerSecond !== undefined ? `${Math.round(m.charsPerSecond)} chars/s` : '—';
  const none = m.timing === 'none';
  const figure = (label: string, value: string, title: string, testid: string, onClick?: () => void) => (
    <span class={`metric${onClick ? ' clickable' : ''}`} title={title} data-testid={testid} data-value={value} onClick={onClick}>
      <span class="metric-label">{label}</span> <span class="metric-value">{value}</span>
    </span>
  );
  const more = inline && (left.length > 0 || unfolded);
  const goTo = (index: number | undefined) => (index === undefined ? undefined : () => applyEvent(store, { type: 'selectFrame', index }));
  return (
    <div ref={strip} class={`metrics-strip${inline ? ' metrics-inline' : ''}${more ? ' metrics-has-more' : ''}${more && unfolded ? ' metrics-unfolded' : ''}`} data-testid="metrics" aria-label="Session timing">
      {/* "All sessions": the figures are one session's, so say whose. */}
      {store.sessions.scoped.value === undefined && store.sessions.set.list.length > 1 && (
        <span class="metric metrics-of muted" data-testid="metrics-of" title="The time figures are this session's; choose a session above to scope everything to it">
          {session.pipeline.protocol} {sessionName(store, session)}:
        </span>
      )}
      {/* Folded beside the session picker, which already says the duration and TTFT, tokens and cost come first: with a real model's longer timings they would be the ones left out. */}
      {inline && <TokenFigures metrics={m} />}
      {none ? (
        <span class="metric muted" data-testid="metric-none">
          no timing in this input
        </span>
      ) : (
        <>
          {figure('TTFB', formatDuration(m.firstByteMs), 'Time to first byte: from the request to the first frame received', 'metric-ttfb')}
          {figure('TTFT', formatDuration(m.firstTokenMs), 'Time to first token: from the request to the first text or reasoning', 'metric-ttft')}
          {figure('Duration', formatDuration(m.durationMs), 'From the request to the last frame', 'metric-duration')}
        </>
      )}
      {!inline && <TokenFigures metrics={m} />}
      {!none && (
        <>
          {m.tools.length > 0 && figure('Tools', `${m.tools.length}${slowest !== undefined ? ` · slowest ${formatDuration(slowest)}` : ''}`, 'Tool calls and the slowest call → result latency', 'metric-tools')}
          {m.waits.length > 0 && figure('Waiting', waiting, 'Time waiting for approvals and answers (pending: not answered yet)', 'metric-waits')}
          {figure('Rate', rate, 'Output rate: tokens per second where the stream reports usage, else characters per second', 'metric-rate')}
          {figure(
            'Longest gap',
            m.longestGap ? formatDuration(m.longestGap.ms) : '—',
            m.longestGap ? `Between #${frameNumber(m.longestGap.afterFrame)} and #${frameNumber(m.longestGap.beforeFrame)}; click to select` : 'No gap',
            'metric-gap',
            goTo(m.longestGap?.beforeFrame),
          )}
          {m.gaps.length > 0 && figure(`Gaps > ${formatDuration(m.gapThresholdMs)}`, String(m.gaps.length), `Gaps longer than ${formatDuration(m.gapThresholdMs)} between received frames`, 'metric-gaps')}
        </>
      )}
      <FindingNav store={store} compact />
      {more && (
        <button
          type="button"
          class="metrics-more"
          data-testid="metrics-more"
          data-left={left.length}
          aria-expanded={unfolded}
          title={unfolded ? 'Fold the figures back into one line' : `Not shown for room: ${left.join(' · ')}; click to show every figure`}
          onClick={() => setUnfolded(!unfolded)}
        >
          {unfolded ? '−' : `+${left.length}`}
        </button>
      )}
    </div>
  );
}

/**
 * Folded into one line, the figures that wrapped out of sight (their text, in order), measured after
 * every render (a live session's figures change) and whenever the strip's width does.
 */
function useLeftOut(inline: boolean, unfolded: boolean) {
  const strip = useRef<HTMLDivElement>(null);
  const [left, setLeft] = useState<readonly string[]>([]);
  const measure = () => {
    const el = strip.current;
    const now = inline && el && !unfolded ? leftOut(el) : [];
    setLeft((was) => (was.length === now.length && was.every((t, i) => t === now[i]) ? was : now));
  };
  useLayoutEffect(measure);
  useLayoutEffect(() => {
    const el = strip.current;
    if (!inline || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [inline, unfolded]);
  return { strip, left };
}

/** The figures of a folded strip that sit below its first line (the strip is their offset parent). */
function leftOut(el: HTMLElement): string[] {
  const out: string[] = [];
  for (const child of Array.from(el.children) as HTMLElement[]) {
    if (!child.classList.contains('metric') || child.offsetTop < el.clientHeight) continue;
    out.push((child.textContent ?? '').replace(/\s+/g, ' ').trim());
  }
  return out;
}
