import { describe, expect, it } from 'vitest';
import { SessionTrack } from '../../store/session-track';
import { elideMiddle, laneBands, layoutWaterfall, nearestFrame, OPEN_STUB, spanCaption, spanOutcomeText, type WaterfallSpan } from './layout';
import { formatDuration } from '../../store/session-time';

/** A session of 11 frames, one every 100 ms from t = 1000, on one connection. */
function track(): SessionTrack {
  const t = new SessionTrack();
  for (let i = 0; i < 11; i++) t.append(i, 1000 + i * 100, 'c1', { event: 'e', category: i === 2 ? 'tool-call' : 'text' });
  return t;
}

const layout = (spans: WaterfallSpan[], width = 1000) => layoutWaterfall({ track: track(), start: 1000, spans, gapThreshold: 2000, width });

describe('waterfall layout', () => {
  it('ends a call answered in the follow-up request at that request, widening the axis to it', () => {
    const l = layout([{ kind: 'tool', label: 'get_weather', startFrame: 2, start: 1200, endFrame: 20, end: 3000, outcome: 'follow-up' }]);
    expect(l.end).toBe(3000);
    const span = l.spanRows[0]![0]!;
    expect(span.from).toBe(100); // 200 ms of 2000 ms over 1000 px
    expect(span.to).toBe(999); // the axis ends at the follow-up request
    expect(span.open).toBe(false);
  });

  it('draws a call never answered on a finished session as a stub that does not stretch the axis, and keeps its row', () => {
    const l = layout([
      { kind: 'tool', label: 'write_todos', startFrame: 2, start: 1200, outcome: 'unanswered' },
      { kind: 'tool', label: 'search', startFrame: 5, start: 1500, endFrame: 6, end: 1600, outcome: 'result' },
    ]);
    expect(l.end).toBe(2000); // the session's last frame, not beyond
    const open = l.spanRows[0]![0]!;
    expect(open.label).toBe('write_todos');
    expect(open.to - open.from).toBe(OPEN_STUB);
    expect(open.open).toBe(true);
    // The open call holds its row: the later call goes to the next row.
    expect(l.spanRows[1]![0]!.label).toBe('search');
  });

  it('lets a call still waiting on a live session run to the end of the axis', () => {
    const l = layout([{ kind: 'tool', label: 'lookup', startFrame: 2, start: 1200, outcome: 'waiting' }]);
    const span = l.spanRows[0]![0]!;
    expect(span.to).toBe(999);
    expect(span.open).toBe(true);
  });

  it('packs spans that do not overlap into one row', () => {
    const l = layout([
      { kind: 'tool', label: 'a', startFrame: 1, start: 1100, endFrame: 2, end: 1200, outcome: 'result' },
      { kind: 'approval', label: 'approval', startFrame: 5, start: 1500, endFrame: 7, end: 1700, outcome: 'result' },
    ]);
    expect(l.spanRows).toHaveLength(1);
    expect(l.spanRows[0]!.map((s) => s.kind)).toEqual(['tool', 'approval']);
  });
});

describe('sub-agent lanes', () => {
  // Frames 3–5 are sub-agent 0's, frames 7–8 sub-agent 1's; a call from frame 4 is sub-agent 0's.
  const sub = { count: 2, of: (f: number) => (f >= 3 && f <= 5 ? 0 : f === 7 || f === 8 ? 1 : undefined) };
  const spans: WaterfallSpan[] = [
    { kind: 'tool', label: 'research', startFrame: 1, start: 1100, endFrame: 9, end: 1900, outcome: 'result' },
    { kind: 'tool', label: 'web_search', startFrame: 4, start: 1400, endFrame: 5, end: 1500, outcome: 'result', subLane: 0 },
  ];
  const l = layoutWaterfall({ track: track(), start: 1000, spans, gapThreshold: 2000, width: 1000, subLanes: sub });

  it('moves a sub-agent’s frames onto its own lane, drawn under its connection’s', () => {
    expect(l.lanes).toHaveLength(3);
    expect(l.connectionLanes).toBe(1);
    expect([...l.laneOf]).toEqual([0, 0, 0, 1, 1, 1, 0, 2, 2, 0, 0]);
    expect(l.parentOf).toEqual([0, 0]);
    expect(l.order).toEqual([0, 1, 2]);
    // Text on the sub-lane makes its bars there (frames 100 px apart: one each), not on the connection's lane.
    expect(l.bars[1]!.map((b) => b.from)).toEqual([300, 400, 500]);
    expect(l.bars[0]!.map((b) => b.from)).toEqual([0, 100, 600, 900, 999]);
    expect(l.extents[1]).toEqual({ from: 300, to: 500 });
    expect(l.extents[2]).toEqual({ from: 700, to: 800 });
    expect(nearestFrame(track(), 1, 1400, 10, l.laneOf)).toBe(4);
    expect(nearestFrame(track(), 0, 1400, 10, l.laneOf)).toBeUndefined();
  });

  it('draws a sub-agent’s calls on its lane and the run’s under all lanes, each lane as tall as its calls', () => {
    expect(l.laneSpanRows[1]!.flat().map((s) => s.label)).toEqual(['web_search']);
    expect(l.spanRows.flat().map((s) => s.label)).toEqual(['research']);
    expect(laneBands(l, 18, 18, 14)).toEqual([
      { lane: 0, y: 18, height: 18 },
      { lane: 1, y: 36, height: 32 },
      { lane: 2, y: 68, height: 18 },
    ]);
  });
});

describe('span captions', () => {
  // A monospace measure: 6 px a character.
  const within = (px: number) => (text: string) => [...text].length * 6 <= px;

  it('says how each span ended, in full and in short', () => {
    const base = { kind: 'tool' as const, start: 1000 };
    expect(spanOutcomeText({ ...base, end: 2250, outcome: 'result' }, formatDuration)).toEqual({ long: '1.25 s', short: '1.25 s' });
    expect(spanOutcomeText({ ...base, end: 1400, outcome: 'follow-up' }, formatDuration)).toEqual({ long: '400 ms to the follow-up request', short: '400 ms' });
    expect(spanOutcomeText({ ...base, end: 1040, outcome: 'cut-off' }, formatDuration)).toEqual({ long: 'cut off after 40 ms', short: 'cut off' });
    expect(spanOutcomeText({ ...base, outcome: 'unanswered' }, formatDuration)).toEqual({ long: 'never answered in the capture', short: 'never answered' });
    expect(spanOutcomeText({ ...base, outcome: 'waiting' }, formatDuration).long).toBe('waiting for its result');
    expect(spanOutcomeText({ kind: 'approval', start: 0, outcome: 'waiting' }, formatDuration).long).toBe('waiting for the reply');
  });

  it('keeps the duration and elides the name from the middle before dropping it', () => {
    const took = { long: '1.25 s to the follow-up request', short: '1.25 s' };
    expect(spanCaption('get_weather', took, within(400))).toBe('get_weather · 1.25 s to the follow-up request');
    expect(spanCaption('get_weather', took, within(200))).toBe('get_weather · 1.25 s');
    const cut = spanCaption('get_weather_forecast', took, within(6 * 19));
    expect(cut).toBe('get_w…cast · 1.25 s');
    expect(spanCaption('get_weather_forecast', took, within(6 * 7))).toBe('1.25 s');
    expect(spanCaption('get_weather_forecast', took, within(6 * 5))).toBe('ge…st');
    expect(spanCaption('get_weather_forecast', took, within(6))).toBe('');
  });

  it('elides from the middle, keeping the start and the end', () => {
    expect(elideMiddle('abcdefghij', within(60))).toBe('abcdefghij');
    expect(elideMiddle('abcdefghij', within(42))).toBe('abc…hij');
    expect(elideMiddle('abcdefghij', within(12))).toBeUndefined();
    // Characters outside the BMP are never split.
    expect(elideMiddle('😀😀😀😀😀😀', within(30))).toBe('😀😀…😀😀');
  });
});
