import { describe, expect, it } from 'vitest';
import { PAGE_MESSAGE_TAG, type PageToRelay } from '../bridge/page-messages';
import { protocols } from '../protocols/registry';
import { Tab } from './tab';

const opened: PageToRelay = { [PAGE_MESSAGE_TAG]: 1, type: 'connection', id: 'ws-1', transport: 'websocket', url: 'ws://127.0.0.1/ws', time: 1 };
const frame = (n: number): PageToRelay => ({ [PAGE_MESSAGE_TAG]: 1, type: 'frame', connectionId: 'ws-1', time: 1000 + n, direction: 'in', kind: 'message', data: `{"n":${n}}` });

describe('Tab.applyBatch', () => {
  it('stores every message of a batch when one in the middle makes the hub throw, and counts it', () => {
    const tab = new Tab(1, protocols);
    const sessions = tab.sessions;
    const append = sessions.append.bind(sessions);
    sessions.append = (f) => {
      if (f.data === '{"n":100}') throw new TypeError('Cannot convert object to primitive value');
      return append(f);
    };
    const messages = [opened, ...Array.from({ length: 250 }, (_, n) => frame(n))];
    const result = tab.applyBatch({ type: 'batch', document: 'aaaaaaaa01', seq: 1, messages, dropped: 0, rejected: 0 });
    expect(result.frames).toHaveLength(250);
    expect(tab.frameStore.length).toBe(250);
    expect(tab.status().failed).toBe(1);
    tab.clearCapture(true);
    expect(tab.status().failed).toBe(0);
  });
});
