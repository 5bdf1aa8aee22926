// Errors up front: above the detail pane, whatever tab is open, the first error of what is shown (the
// session in scope, or with "All sessions" the first error of any session, named) with its rule, its
// message and its frame; a click selects that frame. Below it, the checks still waiting: a live tool
// loop whose follow-up request has not come yet is reported stalled only once its wait is over, and
// until then this line says so with the seconds left, so the finding that may come is not a surprise.
import { useEffect, useReducer } from 'preact/hooks';
import type { Finding } from '../../model/finding';
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';
import { frameNumber } from '../store/frame-row';
import { findingFrame } from '../store/finding-order';
import { firstError, SEVERITY_GLYPH } from '../store/scoped-findings';
import type { HeldCheck } from '../store/across-findings';
import { plural } from './plural';
import { sessionName } from './FindingsList';

export function ErrorBanner({ store, narrow }: { store: PanelStore; narrow: boolean }) {
  const listed = store.findings.listed.value;
  const waiting = store.findings.across.waiting();
  const error = firstError(listed.flat);
  if (!error && waiting.length === 0) return null;
  return (
    <div class="error-banner-box">
      {error && <FirstError store={store} error={error} narrow={narrow} />}
      {waiting.length > 0 && <ChecksWaiting store={store} waiting={waiting} />}
    </div>
  );
}

function FirstError({ store, error, narrow }: { store: PanelStore; error: Finding; narrow: boolean }) {
  const listed = store.findings.listed.value;
  const errors = listed.flat.filter((f) => f.severity === 'error').length;
  const group = listed.all && listed.groups.length > 1 ? listed.groups.find((g) => g.findings.includes(error)) : undefined;
  const first = error.frames.length > 0 ? findingFrame(error) : undefined;
  const go = () => {
    applyEvent(store, { type: 'selectFinding', finding: error });
    // Docked narrow the frame detail has no room beside the timeline: the Findings tab shows its JSON inline.
    if (narrow) applyEvent(store, { type: 'setTab', tab: 'findings' });
  };
  return (
    <div class="error-banner" role="alert" data-testid="error-banner" data-rule={error.rule}>
      <button type="button" class="error-banner-main" onClick={go} title={`${error.rule}: ${error.message}${first === undefined ? '' : ` (click to select frame #${frameNumber(first)})`}`}>
        <span class="error-banner-glyph" aria-hidden="true">
          {SEVERITY_GLYPH.error}
        </span>{' '}
        <span class="finding-rule">{error.rule}</span> <span class="error-banner-message">{error.message}</span>
        {group && <span class="muted"> · in {sessionName(store, group.session)}</span>}
      </button>
      {/* Beside the clamped text, not in it: a long message cut to its lines never cuts the frame off. */}
      {first !== undefined && (
        <button type="button" class="error-banner-frame" onClick={go} title={`Select frame #${frameNumber(first)}`}>
          #{frameNumber(first)}
        </button>
      )}
      {errors > 1 && (
        <button type="button" class="error-banner-more" onClick={() => applyEvent(store, { type: 'setTab', tab: 'findings' })}>
          {plural(errors - 1, 'more error')}
        </button>
      )}
    </div>
  );
}

function ChecksWaiting({ store, waiting }: { store: PanelStore; waiting: readonly HeldCheck[] }) {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  // A countdown: redrawn each second while a check waits (the store's own timer reports it when due).
  useEffect(() => {
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, []);
  const next = waiting[0] as HeldCheck;
  const seconds = Math.max(0, Math.ceil((next.due - store.findings.across.now()) / 1000));
  const frame = next.finding.frames[0];
  return (
    <div class="checks-waiting" role="status" data-testid="checks-waiting" data-rule={next.finding.rule} data-seconds={seconds}>
      <strong>Waiting:</strong> the tool loop waits for the page to send the tool results
      {frame !== undefined && <> asked for at #{frameNumber(frame)}</>} — reported as <span class="finding-rule">{next.finding.rule}</span> in {seconds} s unless
      the follow-up request comes{waiting.length > 1 ? ` (${plural(waiting.length - 1, 'more check')} waiting)` : ''}.
    </div>
  );
}
