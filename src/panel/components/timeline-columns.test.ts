import { describe, expect, it } from 'vitest';
import { defaultPrefs, eventWidthCh, gridTemplate, readPrefs, resizeColumn, shownColumns, toggleColumn, writePrefs, autoSizeColumn, EVENT_MAX_CH } from './timeline-columns';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('timeline columns', () => {
  it('show the Connection column only when several connections are in view, the gap column only when asked', () => {
    const ids = (n: number, prefs = defaultPrefs()) => shownColumns(prefs, n).map((c) => c.id);
    expect(ids(1)).toEqual(['num', 'time', 'dir', 'event', 'data', 'size', 'marker']);
    expect(ids(2)).toEqual(['num', 'time', 'dir', 'conn', 'event', 'data', 'size', 'marker']);
    expect(ids(2, toggleColumn(defaultPrefs(), 'delta'))).toContain('delta');
    expect(ids(2, toggleColumn(defaultPrefs(), 'conn'))).not.toContain('conn');
  });

  it('never hide the Event column', () => {
    expect(shownColumns(toggleColumn(defaultPrefs(), 'event'), 1).map((c) => c.id)).toContain('event');
  });

  it('fit the Event column to its longest label within bounds, unless the user sized it', () => {
    expect(eventWidthCh(17)).toBe(18);
    expect(eventWidthCh(1)).toBe(8);
    expect(eventWidthCh(500)).toBe(EVENT_MAX_CH);
    const prefs = defaultPrefs();
    const columns = shownColumns(prefs, 1);
    expect(gridTemplate(columns, prefs, 18)).toBe('40px 54px 12px 18ch minmax(40px, 1fr) 52px 16px');
    const sized = resizeColumn(prefs, 'event', 150);
    expect(gridTemplate(columns, sized, 18)).toContain(' 150px minmax');
    expect(gridTemplate(columns, autoSizeColumn(sized, 'event'), 18)).toContain(' 18ch minmax');
    // A column is never dragged below its minimum.
    expect(resizeColumn(prefs, 'time', 3).widths.time).toBe(36);
  });

  it('remember the choice, and read junk as the defaults', () => {
    const storage = memoryStorage();
    writePrefs(resizeColumn(toggleColumn(defaultPrefs(), 'size'), 'conn', 200), storage);
    const read = readPrefs(storage);
    expect([...read.hidden].sort()).toEqual(['delta', 'size']);
    expect(read.widths).toEqual({ conn: 200 });
    storage.setItem('asi.timeline.columns', '{"hidden":["event","nope",3],"widths":{"event":"x","time":1e9,"dir":30}}');
    const junk = readPrefs(storage);
    expect([...junk.hidden]).toEqual([]);
    expect(junk.widths).toEqual({ time: 2000 });
    storage.setItem('asi.timeline.columns', 'not json');
    expect(readPrefs(storage)).toEqual(defaultPrefs());
  });
});
