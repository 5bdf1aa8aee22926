// The timeline's columns: which show, how wide, remembered in the panel's localStorage (the extension's
// own origin) as the Network panel remembers its columns. The Event column fits its longest label
// (in `ch` of the timeline's monospace font) unless the user sized it; Data takes what is left.

export type ColumnId = 'num' | 'time' | 'delta' | 'dir' | 'conn' | 'event' | 'data' | 'size' | 'marker';

export interface ColumnSpec {
  id: ColumnId;
  /** The header's text (the direction and marker columns have none). */
  title: string;
  /** Shown in the column menu; false for the columns the timeline cannot do without. */
  hideable: boolean;
  /** Width in pixels when the user has not sized it (Event fits its text, Data fills). */
  width?: number;
  min: number;
  resizable: boolean;
}

export const COLUMNS: readonly ColumnSpec[] = [
  { id: 'num', title: '#', hideable: true, width: 40, min: 24, resizable: true },
  { id: 'time', title: 'Time', hideable: true, width: 54, min: 36, resizable: true },
  { id: 'delta', title: 'Δ', hideable: true, width: 54, min: 36, resizable: true },
  { id: 'dir', title: '', hideable: true, width: 12, min: 12, resizable: false },
  { id: 'conn', title: 'Connection', hideable: true, width: 110, min: 40, resizable: true },
  { id: 'event', title: 'Event', hideable: false, min: 40, resizable: true },
  { id: 'data', title: 'Data', hideable: true, min: 40, resizable: false },
  { id: 'size', title: 'Size', hideable: true, width: 52, min: 36, resizable: true },
  { id: 'marker', title: '', hideable: false, width: 16, min: 16, resizable: false },
];

/** Hidden until asked for: the gap column. */
const HIDDEN_BY_DEFAULT: readonly ColumnId[] = ['delta'];
/** The Event column's fitted width stays within these, in characters. */
export const EVENT_MIN_CH = 8;
export const EVENT_MAX_CH = 40;
const STORAGE_KEY = 'asi.timeline.columns';

export interface ColumnPrefs {
  hidden: ReadonlySet<ColumnId>;
  /** Widths the user gave by dragging a header's edge, in pixels. */
  widths: Readonly<Partial<Record<ColumnId, number>>>;
}

const IDS = new Set<string>(COLUMNS.map((c) => c.id));
const isColumnId = (value: unknown): value is ColumnId => typeof value === 'string' && IDS.has(value);

export function defaultPrefs(): ColumnPrefs {
  return { hidden: new Set(HIDDEN_BY_DEFAULT), widths: {} };
}

/** The remembered choice; anything unreadable gives the defaults (storage may be off or hold junk). */
export function readPrefs(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ColumnPrefs {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return defaultPrefs();
    const { hidden, widths } = raw as { hidden?: unknown; widths?: unknown };
    const hiddenSet = new Set(Array.isArray(hidden) ? hidden.filter(isColumnId).filter((id) => COLUMNS.find((c) => c.id === id)?.hideable) : HIDDEN_BY_DEFAULT);
    const sized: Partial<Record<ColumnId, number>> = {};
    if (typeof widths === 'object' && widths !== null) {
      for (const [id, value] of Object.entries(widths)) {
        const spec = COLUMNS.find((c) => c.id === id);
        if (spec?.resizable && typeof value === 'number' && Number.isFinite(value)) sized[spec.id] = Math.min(2000, Math.max(spec.min, Math.round(value)));
      }
    }
    return { hidden: hiddenSet, widths: sized };
  } catch {
    return defaultPrefs();
  }
}

export function writePrefs(prefs: ColumnPrefs, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify({ hidden: [...prefs.hidden], widths: prefs.widths }));
  } catch {
    // Storage may be off: the choice then lasts while the panel is open.
  }
}

export function toggleColumn(prefs: ColumnPrefs, id: ColumnId): ColumnPrefs {
  const hidden = new Set(prefs.hidden);
  if (hidden.has(id)) hidden.delete(id);
  else if (COLUMNS.find((c) => c.id === id)?.hideable) hidden.add(id);
  return { ...prefs, hidden };
}

export function resizeColumn(prefs: ColumnPrefs, id: ColumnId, width: number): ColumnPrefs {
  const spec = COLUMNS.find((c) => c.id === id);
  if (!spec?.resizable) return prefs;
  return { ...prefs, widths: { ...prefs.widths, [id]: Math.max(spec.min, Math.round(width)) } };
}

/** A column given back its own width (double-click on its edge). */
export function autoSizeColumn(prefs: ColumnPrefs, id: ColumnId): ColumnPrefs {
  const widths = { ...prefs.widths };
  delete widths[id];
  return { ...prefs, widths };
}

/**
 * The columns drawn: the user's choice, less the Connection column when only one connection is in
 * view (every row would name the same one).
 */
export function shownColumns(prefs: ColumnPrefs, connections: number): ColumnSpec[] {
  return COLUMNS.filter((c) => !prefs.hidden.has(c.id) && (c.id !== 'conn' || connections > 1));
}

/** The Event column's fitted width for labels up to `longest` characters, in `ch`, one spare. */
export function eventWidthCh(longest: number): number {
  return Math.max(EVENT_MIN_CH, Math.min(EVENT_MAX_CH, longest + 1));
}

/** `grid-template-columns` for the shown columns. */
export function gridTemplate(columns: readonly ColumnSpec[], prefs: ColumnPrefs, eventCh: number): string {
  return columns
    .map((c) => {
      const sized = prefs.widths[c.id];
      if (c.id === 'data') return `minmax(${c.min}px, 1fr)`;
      if (c.id === 'event') return sized !== undefined ? `${sized}px` : `${eventCh}ch`;
      return `${sized ?? c.width ?? c.min}px`;
    })
    .join(' ');
}
