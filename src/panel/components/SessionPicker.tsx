// Tab (or file) → sessions → their connections, each session with its protocol, frame count and
// findings count. Choosing one shows its rendering and findings.
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';
import { connectionLabel } from '../store/frame-log';
import { track } from '../store/track';

export function SessionPicker({ store }: { store: PanelStore }) {
  track(store.sessionsVersion.value);
  const current = store.sessions.current.value;
  const connections = store.connections.value;
  const sessions = store.sessions.set.list;
  const title = store.source.value === 'file' ? `File ${store.toolbar.fileName.value ?? ''}`.trim() : store.tabId.value !== undefined ? `Tab ${store.tabId.value}` : 'This page';
  return (
    <nav class="session-picker" aria-label="Sessions" data-testid="sessions">
      <div class="picker-title">{title}</div>
      {sessions.length === 0 && <div class="muted">No session yet.</div>}
      <ul>
        {sessions.map((s) => {
          const findings = s.pipeline.findings().length;
          return (
            <li key={s.id}>
              <button
                type="button"
                class={`session${s === current ? ' current' : ''}`}
                aria-pressed={s === current}
                data-testid="session"
                data-session={s.id}
                data-protocol={s.pipeline.protocol}
                onClick={() => applyEvent(store, { type: 'selectSession', id: s.id })}
              >
                <span class="session-protocol">{s.pipeline.protocol}</span> <span class="session-id">{s.id}</span>{' '}
                <span class="session-counts muted">
                  {s.pipeline.frames.length} frames · {findings} findings
                </span>
              </button>
              <ul class="session-connections">
                {s.connectionIds.map((id) => {
                  const c = connections.get(id);
                  return (
                    <li key={id} class="muted">
                      {c?.transport ?? 'connection'} {connectionLabel(c, id)}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
