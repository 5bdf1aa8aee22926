// The right-hand side: the reference rendering of the selected session, as of the scrub position,
// with the todo side panel.
import type { PanelStore } from '../../store/store';
import { applyEvent } from '../../store/apply';
import { TodoPanel } from './TodoList';
import { ViewItems, type GroupChoices, type ItemMark } from './ItemView';
import { frameNumber } from '../../store/frame-row';
import type { SessionTrack } from '../../store/session-track';
import type { Finding } from '../../../model/finding';
import { AnswerScopeContext } from '../../answer/answer-context';
import { plural } from '../plural';

export function Rendering({ store }: { store: PanelStore }) {
  const current = store.sessions.view.value;
  const choices = store.groups.value;
  if (!current) return <div class="rendering empty">{emptyText(store)}</div>;
  const sessionId = current.session.id;
  const groups: GroupChoices = {
    get: (id) => choices.get(`${sessionId}\u0000${id}`),
    set: (id, expanded) => applyEvent(store, { type: 'toggleGroup', key: `${sessionId}\u0000${id}`, expanded }),
  };
  const unknown = current.view.protocol === 'unknown';
  return (
    <div class="rendering" data-testid="rendering" data-session={sessionId} data-at={current.at ?? 'live'}>
      <div class="rendering-head">
        <span class="protocol">{current.view.protocol}</span> <span class="rendering-session">{current.session.key ?? store.connectionName(current.session.connectionIds[0] ?? sessionId)}</span>
        {/* "All sessions" renders one session: say it is one of several. */}
        {store.sessions.scoped.value === undefined && store.sessions.set.list.length > 1 && (
          <span class="rendering-which muted"> · one of {store.sessions.set.list.length} sessions (the selected frame's, else the latest)</span>
        )}
        {current.at !== undefined && (
          <span class="scrub-note">
            {' '}
            as of frame #{frameNumber(current.at)}{' '}
            <button type="button" class="go-live" onClick={() => applyEvent(store, { type: 'setLive', live: true })}>
              show latest
            </button>
          </span>
        )}
      </div>
      {unknown && (
        <p class="notice">
          No agent stream recognised in this session yet: {framesShown(current.session.track, current.at)} frames, shown raw
        </p>
      )}
      {!unknown && current.view.items.length === 0 && !current.view.todos && (
        // A run with nothing in it yet (or at all): said, so an empty pane is not taken for a broken one.
        <p class="notice" data-testid="nothing-to-show">
          Nothing to show{current.view.streaming ? ' yet' : ''}: {plural(framesShown(current.session.track, current.at), 'frame')}, no message, tool call or note
          {current.view.streaming ? ' so far' : ''}
        </p>
      )}
      {/* The todo column only when the session has todos: most protocols never do. */}
      <div class={`rendering-body${current.view.todos ? ' with-todos' : ''}`}>
        <AnswerScopeContext.Provider value={{ store, current }}>
          <ViewItems key={sessionId} view={current.view} groups={groups} marks={errorMarks(current.findings, current.at)} />
        </AnswerScopeContext.Provider>
        {current.view.todos && <TodoPanel todos={current.view.todos} />}
      </div>
    </div>
  );
}

/** The session's frames up to the position shown (all of them when live): its indexes ascend. */
function framesShown(track: SessionTrack, at: number | undefined): number {
  if (at === undefined) return track.length;
  let lo = 0;
  let hi = track.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((track.indexes[mid] as number) <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Errors marked in the rendering at most: each costs a look through the items' frames. */
const MAX_MARKS = 20;

/** The error findings reported by the position shown, as marks on the items their first frame built. */
function errorMarks(findings: readonly Finding[], at: number | undefined): ItemMark[] {
  const marks: ItemMark[] = [];
  for (let i = 0; i < findings.length && marks.length < MAX_MARKS; i++) {
    const f = findings[i] as Finding;
    if (f.severity !== 'error' || f.frames.length === 0) continue;
    // Scrubbed back, a finding not reported yet marks nothing.
    if (at !== undefined && f.at > at) continue;
    for (const frame of f.frames.slice(0, 4)) marks.push({ rule: f.rule, message: f.message, frame });
  }
  return marks;
}

function emptyText(store: PanelStore): string {
  if (store.log.length > 0) return `No agent stream recognised yet: ${store.log.length} frames captured, shown raw`;
  return store.source.value === 'file' ? 'The file holds no frames.' : 'Waiting for agent traffic on this page — send a message';
}
