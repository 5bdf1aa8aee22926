import { describe, expect, it } from 'vitest';
import type { Connection } from '../../model/frame';
import { ConnectionNames } from './connection-names';

const ws = (id: string): Connection => ({ id, transport: 'websocket', url: 'ws://127.0.0.1:9/ws' });

describe('ConnectionNames', () => {
  it('numbers a repeated name in capture order, whichever row asks first', () => {
    const names = new ConnectionNames();
    names.register([ws('a'), ws('b')]);
    expect(names.nameOf(ws('b'), 'b')).toBe('WS /ws (2)');
    expect(names.nameOf(ws('a'), 'a')).toBe('WS /ws');
  });

  it('keeps a name once given, and names a connection without metadata by its id until it has some', () => {
    const names = new ConnectionNames();
    expect(names.nameOf(undefined, 'c')).toBe('c');
    names.register([ws('c')]);
    names.register([ws('d'), ws('c')]);
    expect(names.nameOf(ws('c'), 'c')).toBe('WS /ws');
    expect(names.nameOf(ws('d'), 'd')).toBe('WS /ws (2)');
  });
});
