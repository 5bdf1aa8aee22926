// The start window closes at the first change to the DOM (before any parser-inserted script runs) or at
// DOMContentLoaded; a same-origin parent makes a frame one the page could have prepared.
import { describe, expect, it } from 'vitest';
import { isPreparable, watchStartWindow } from './trust';

describe('watchStartWindow', () => {
  it('closes at the first DOM change, once', async () => {
    const doc = document.implementation.createHTMLDocument('t');
    doc.documentElement.replaceChildren();
    let closed = 0;
    watchStartWindow(doc, new EventTarget() as unknown as Window, () => closed++);
    expect(closed).toBe(0);
    doc.documentElement.append(doc.createElement('head'));
    doc.documentElement.append(doc.createElement('body'));
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(closed).toBe(1);
  });

  it('closes at DOMContentLoaded', () => {
    const doc = document.implementation.createHTMLDocument('t');
    doc.documentElement.replaceChildren();
    const win = new EventTarget();
    let closed = 0;
    watchStartWindow(doc, win as unknown as Window, () => closed++);
    win.dispatchEvent(new Event('DOMContentLoaded'));
    win.dispatchEvent(new Event('DOMContentLoaded'));
    expect(closed).toBe(1);
  });

  it('is closed from the start in a document the parser has begun', () => {
    let closed = 0;
    watchStartWindow(document, new EventTarget() as unknown as Window, () => closed++);
    expect(closed).toBe(1);
  });
});

describe('isPreparable', () => {
  it('a top window with no opener is not; a frame whose parent has its origin is', () => {
    expect(isPreparable({ parent: null, opener: null } as unknown as Window)).toBe(false);
    const parent = { location: { href: 'http://127.0.0.1/' } };
    expect(isPreparable({ parent, opener: null } as unknown as Window)).toBe(true);
    const crossOrigin = {
      get location(): never {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    };
    expect(isPreparable({ parent: crossOrigin, opener: crossOrigin } as unknown as Window)).toBe(false);
    expect(isPreparable({ parent: null, opener: parent } as unknown as Window)).toBe(true);
  });
});
