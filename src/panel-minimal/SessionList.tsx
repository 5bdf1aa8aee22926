// Sessions of the tab with their frames, live. Everything from the page is rendered as text.
import type { Connection, Frame } from '../model/frame';
import type { SessionSummary } from '../bridge/shared-schemas';
import { frameText, preview } from '../model/decode';
import type { PanelStore } from './store';

/** Rows rendered per session; the counts above always cover every frame. */
export const MAX_ROWS = 500;

export function SessionList({ store, onExport }: { store: PanelStore; onExport(session: SessionSummary): void }) {
  void store.framesVersion.value; // re-render on frame changes
  const sessions = [...store.sessions.value.values()];
  if (sessions.length === 0) return <p class="empty">No agent streams captured in this tab yet.</p>;
  return (
    <div class="sessions">
      {sessions.map((s) => (
        <SessionView key={s.id} session={s} store={store} onExport={() => onExport(s)} />
      ))}
    </div>
  );
}

function SessionView({ session, store, onExport }: { session: SessionSummary; store: PanelStore; onExport(): void }) {
  const connections = session.connectionIds.map((id) => store.connections.value.get(id)).filter((c): c is Connection => !!c);
  const frames = session.connectionIds.flatMap((id) => store.framesOf(id));
  if (session.connectionIds.length > 1) frames.sort((a, b) => a.index - b.index);
  const shown = frames.slice(-MAX_ROWS);
  const first = connections[0];
  return (
    <section class="session" data-session-id={session.id}>
      <header>
        <span class="url">{first?.url ?? session.id}</span>
        <span class="transport">{first?.transport ?? '?'}</span>
        <span class="protocol">{session.protocol}</span>
        <span class="frame-count" data-count={frames.length}>
          {frames.length} frames
        </span>
        <span class="findings" data-errors={session.errors} data-warnings={session.warnings}>
          {session.errors} errors, {session.warnings} warnings, {session.infos} infos
        </span>
        <button type="button" class="export-session" onClick={onExport}>
          Export session
        </button>
      </header>
      {session.rules.length > 0 && <p class="rules">{session.rules.join(', ')}</p>}
      {shown.length < frames.length && <p class="more">Showing the last {shown.length} of {frames.length} frames.</p>}
      <table class="frames">
        <tbody>
          {shown.map((f) => (
            <FrameRow key={f.index} frame={f} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function FrameRow({ frame }: { frame: Frame }) {
  const label = frame.kind === 'message' ? (frame.eventName ?? '') : frame.kind;
  return (
    <tr class={`frame dir-${frame.direction} kind-${frame.kind}`} data-frame-index={frame.index}>
      <td class="time">{new Date(frame.time).toISOString().slice(11, 23)}</td>
      <td class="dir">{frame.direction === 'in' ? '↓' : '↑'}</td>
      <td class="kind">{label}</td>
      <td class="size">{frame.truncated ? `${frame.truncated.originalLength} (cut)` : frame.data.length}</td>
      <td class="preview">{preview(frameText(frame), 200)}</td>
    </tr>
  );
}
