import { describe, expect, it } from 'vitest';
import { historySource, liveSource, sameAsLiveNotice } from './read-wording';

const read = (pageLoad?: 'reloaded' | 'same') => ({ historyFrame: 9, liveFrames: [0, 8], ...(pageLoad && { pageLoad }) });

describe('history read wording', () => {
  it('speaks of a reload only when the page loaded again', () => {
    expect(sameAsLiveNotice(read('reloaded'))).toBe('History read after the reload (#10) shows what was streamed live.');
    expect(liveSource(read('reloaded'))).toBe('frames #1–#9, before the reload');
    expect(historySource(read('reloaded'))).toBe('frame #10, after the reload');
  });

  it('says the same page read it when it did not reload', () => {
    expect(sameAsLiveNotice(read('same'))).toBe('History read by the same page, without a reload (#10), shows what was streamed live.');
    expect(liveSource(read('same'))).toBe('frames #1–#9, before the history read');
    expect(historySource(read('same'))).toBe('frame #10, read by the same page');
  });

  it('names only the frame when the capture cannot tell', () => {
    expect(sameAsLiveNotice(read())).toBe('History read at #10 shows what was streamed live.');
    expect(historySource(read())).toBe('frame #10');
    expect(`${sameAsLiveNotice(read())} ${liveSource(read())} ${historySource(read())}`).not.toContain('reload');
  });
});
