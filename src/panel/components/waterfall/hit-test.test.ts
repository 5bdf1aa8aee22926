import { describe, expect, it } from 'vitest';
import { SessionTrack } from '../../store/session-track';
import { NO_SUBAGENTS } from '../../store/subagent-lanes';
import { laneBands, layoutWaterfall, type WaterfallSpan } from './layout';
import { AXIS, LABEL_WIDTH, LANE, SPAN_ROW } from './geometry';
import { hitTest, type HitScene } from './hit-test';

/** Frames 0–4 every 100 ms from t = 1000 on one connection (frame 2 a tool call), then frame 5 at t = 5000. */
function scene(spans: WaterfallSpan[] = []): HitScene {
  const track = new SessionTrack();
  for (let i = 0; i < 5; i++) track.append(i, 1000 + i * 100, 'c1', { event: 'e', category: i === 2 ? 'tool-call' : 'text' });
  track.append(5, 5000, 'c1', { event: 'e', category: 'lifecycle' });
  // 4,000 ms over 1,000 px: 4 ms a pixel.
  const layout = layoutWaterfall({ track, start: 1000, spans, gapThreshold: 2000, width: 1000 });
  const bands = laneBands(layout, AXIS, LANE, SPAN_ROW);
  const last = bands[bands.length - 1]!;
  return { layout, bands, lanesBottom: last.y + last.height, track, subs: NO_SUBAGENTS, laneTip: (lane) => [`lane ${lane}`] };
}

const laneMiddle = AXIS + LANE / 2;

describe('waterfall hit test', () => {
  it('says what a lane is over its label, with no frame to select', () => {
    expect(hitTest(scene(), LABEL_WIDTH - 20, laneMiddle)).toEqual({ lines: ['lane 0'] });
  });

  it('finds the frame nearest the pointer on a lane, with its number, kind and time', () => {
    // Frame 2 (t = 1200) is at x = 50.
    expect(hitTest(scene(), LABEL_WIDTH + 51, laneMiddle)).toEqual({ frame: 2, lines: ['#3 · tool call · 200 ms'] });
  });

  it('names a long gap and selects the frame after it', () => {
    // t = 3000, half-way through the gap between frame 4 (t = 1400) and frame 5 (t = 5000).
    expect(hitTest(scene(), LABEL_WIDTH + 500, laneMiddle)).toEqual({ frame: 5, lines: ['gap of 3.60 s between #5 and #6'] });
  });

  it('finds a span in the rows under the lanes, and nothing past them', () => {
    const s = scene([{ kind: 'tool', label: 'search', startFrame: 2, start: 1200, endFrame: 5, end: 5000, outcome: 'result' }]);
    const row = s.lanesBottom + 6 + SPAN_ROW / 2;
    expect(hitTest(s, LABEL_WIDTH + 300, row)?.frame).toBe(2);
    expect(hitTest(s, LABEL_WIDTH + 300, row)?.lines[0]).toMatch(/^tool search · /);
    expect(hitTest(s, LABEL_WIDTH + 20, row)).toBeUndefined();
    expect(hitTest(s, LABEL_WIDTH + 300, row + SPAN_ROW)).toBeUndefined();
  });
});
