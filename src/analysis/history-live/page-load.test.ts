import { describe, expect, it } from 'vitest';
import { documentOf, pageLoadOf } from './page-load';

describe('page load of a history read', () => {
  it('reads the document from the extension\'s connection ids only', () => {
    expect(documentOf('3.k3j9a0zq-17')).toBe('3');
    expect(documentOf('har-4')).toBeUndefined();
    expect(documentOf('ws-1')).toBeUndefined();
    expect(documentOf('1.2.3')).toBeUndefined();
    expect(documentOf('3.17')).toBeUndefined();
  });

  it('a read from another document came after the page loaded again; from the same, without a reload', () => {
    expect(pageLoadOf('1.k3j9a0zq-4', '2.p0x1m7aa-1')).toBe('reloaded');
    expect(pageLoadOf('1.k3j9a0zq-4', '1.k3j9a0zq-9')).toBe('same');
  });

  it('cannot tell for other ids or without a live connection', () => {
    expect(pageLoadOf('run', 'state')).toBeUndefined();
    expect(pageLoadOf('1.k3j9a0zq-4', 'history')).toBeUndefined();
    expect(pageLoadOf(undefined, '1.k3j9a0zq-9')).toBeUndefined();
  });
});
