import { describe, expect, it } from 'vitest';
import { ByNumber } from './by-number';

interface Req {
  name: string;
  answered: boolean;
}

describe('lookups by number', () => {
  it('finds the oldest item still waiting, else the newest; nothing for a number never filed', () => {
    const byNumber = new ByNumber<Req>((r) => !r.answered);
    const a = { name: 'a', answered: false };
    const b = { name: 'b', answered: false };
    byNumber.add('1', a);
    byNumber.add('1', b);
    expect(byNumber.find('1')).toBe(a);
    a.answered = true;
    expect(byNumber.find('1')).toBe(b);
    b.answered = true;
    expect(byNumber.find('1')).toBe(b);
    expect(byNumber.find('2')).toBeUndefined();
  });

  it('keeps only the waiting and the newest, so a number every request reuses stays short', () => {
    let reads = 0;
    const byNumber = new ByNumber<Req>((r) => (reads++, !r.answered));
    for (let i = 0; i < 1_000; i++) {
      const req = { name: `r${i}`, answered: false };
      byNumber.add('1', req);
      req.answered = true;
    }
    // Each add read the one item kept before it: linear in the requests, where keeping all is quadratic (499,500 reads).
    expect(reads).toBe(999);
    reads = 0;
    expect(byNumber.find('1')?.name).toBe('r999');
    expect(reads).toBe(1);
  });
});
