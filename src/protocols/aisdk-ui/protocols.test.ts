// Both AI SDK protocol definitions are complete and their rule catalogues well-formed.
import { describe, expect, it } from 'vitest';
import { aisdkDataProtocol } from '../aisdk-data/index';
import { aisdkUiProtocol } from './index';

describe.each([aisdkUiProtocol, aisdkDataProtocol])('$id protocol definition', (p) => {
  it('has a title, detectors, a session key and a fold', () => {
    expect(p.title.length).toBeGreaterThan(0);
    expect(typeof p.detectFrame).toBe('function');
    expect(typeof p.detectConnection).toBe('function');
    expect(typeof p.sessionKey).toBe('function');
    const fold = p.createFold();
    expect(fold.view()).toMatchObject({ protocol: p.id, items: [], todos: null, streaming: true });
  });

  it('has unique aisdk/ rule ids with severities and descriptions', () => {
    const ids = p.rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of p.rules) {
      expect(r.id).toMatch(/^aisdk\/[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(['error', 'warning', 'info']).toContain(r.severity);
      expect(r.description.length).toBeGreaterThan(10);
    }
  });
});

describe('AI SDK rule catalogues', () => {
  it('do not share ids between the two streams', () => {
    const ui = new Set(aisdkUiProtocol.rules.map((r) => r.id));
    expect(aisdkDataProtocol.rules.filter((r) => ui.has(r.id))).toEqual([]);
  });
});
