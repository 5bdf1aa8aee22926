// The timeline's header row: one cell per shown column, each with a separator the user drags to size
// the column (double-click gives it back its own width), and a menu (the ⋮ button, or a right-click on
// the header) to show or hide columns, as in the Network panel.
import { useRef, useState } from 'preact/hooks';
import { COLUMNS, autoSizeColumn, resizeColumn, toggleColumn, type ColumnId, type ColumnPrefs, type ColumnSpec } from './timeline-columns';

const TOOLTIPS: Partial<Record<ColumnId, string>> = {
  num: 'Frame number, as findings and the command-line tool count',
  time: "Time since the session's request; hover a row for the clock time",
  delta: 'Time since the row above',
  conn: 'The connection the frame travelled on',
  event: 'What the frame is for its protocol (short form; hover a row for the full event name)',
  data: 'The start of what the frame carries',
  size: 'Payload size in bytes',
};

const CLASS: Record<ColumnId, string> = {
  num: 'col-num',
  time: 'col-time',
  delta: 'col-delta',
  dir: 'col-dir',
  conn: 'col-conn',
  event: 'col-type',
  data: 'col-data',
  size: 'col-size',
  marker: 'col-marker',
};

export const columnClass = (id: ColumnId): string => CLASS[id];

export function ColumnHeader(props: { columns: readonly ColumnSpec[]; prefs: ColumnPrefs; untimed: boolean; onChange(prefs: ColumnPrefs, remember?: boolean): void }) {
  const { columns, prefs, untimed, onChange } = props;
  const [menu, setMenu] = useState(false);
  const head = useRef<HTMLDivElement>(null);
  const startResize = (e: PointerEvent, id: ColumnId) => {
    const cell = (e.currentTarget as HTMLElement).parentElement;
    if (!cell) return;
    e.preventDefault();
    e.stopPropagation();
    const handle = e.currentTarget as HTMLElement;
    handle.setPointerCapture(e.pointerId);
    const startX = e.clientX;
    const startWidth = cell.getBoundingClientRect().width;
    let latest = prefs;
    const move = (ev: PointerEvent) => {
      latest = resizeColumn(prefs, id, startWidth + ev.clientX - startX);
      onChange(latest, false);
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      onChange(latest);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };
  return (
    <div
      class="timeline-head row-grid"
      ref={head}
      data-testid="timeline-head"
      onContextMenu={(e) => {
        e.preventDefault();
        setMenu(true);
      }}
    >
      {columns.map((c) => (
        <span key={c.id} class={`head-cell ${CLASS[c.id]}`} title={c.id === 'time' && untimed ? 'This input carries no clock' : TOOLTIPS[c.id]} data-column={c.id}>
          {c.id === 'marker' ? (
            <button type="button" class="column-menu-toggle" aria-expanded={menu} aria-label="Columns" title="Show or hide columns" onClick={() => setMenu(!menu)}>
              ⋮
            </button>
          ) : (
            <span class="head-text">{c.id === 'time' && untimed ? 'Time (none)' : c.title}</span>
          )}
          {c.resizable && (
            <span
              class="col-resize"
              role="separator"
              aria-orientation="vertical"
              aria-label={`Resize the ${c.title} column`}
              onPointerDown={(e) => startResize(e, c.id)}
              onDblClick={() => onChange(autoSizeColumn(prefs, c.id))}
            />
          )}
        </span>
      ))}
      {menu && (
        <div
          class="column-menu"
          role="group"
          aria-label="Timeline columns"
          data-testid="column-menu"
          tabIndex={-1}
          ref={(el) => el?.focus()}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            setMenu(false);
          }}
          onFocusOut={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null) && !head.current?.querySelector('.column-menu-toggle')?.contains(e.relatedTarget as Node | null)) setMenu(false);
          }}
        >
          {COLUMNS.filter((c) => c.hideable).map((c) => (
            <label key={c.id} class="column-menu-item">
              <input type="checkbox" name="column" checked={!prefs.hidden.has(c.id)} data-column={c.id} onChange={() => onChange(toggleColumn(prefs, c.id))} /> {menuName(c)}
            </label>
          ))}
          <button type="button" class="column-menu-reset" onClick={() => onChange({ ...prefs, widths: {} })}>
            Fit widths to content
          </button>
        </div>
      )}
    </div>
  );
}

function menuName(c: ColumnSpec): string {
  if (c.id === 'dir') return 'Direction (↓ ↑)';
  if (c.id === 'delta') return 'Δ (gap since the row above)';
  if (c.id === 'conn') return 'Connection (when several)';
  return c.title;
}
