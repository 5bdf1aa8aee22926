// Page messages as the hook hands them to the relay, for the relay's tests.
import { PAGE_MESSAGE_TAG, type PageToRelay } from '../page-messages';

/** A frame of connection ws-1 received at time `n`, its payload `{"n":n}` unless given. */
export const pageFrame = (n: number, data = `{"n":${n}}`): PageToRelay => ({
  [PAGE_MESSAGE_TAG]: 1,
  type: 'frame',
  connectionId: 'ws-1',
  time: n,
  direction: 'in',
  kind: 'message',
  data,
});

/** The record of connection ws-1 opening. */
export const pageConnection = (): PageToRelay => ({ [PAGE_MESSAGE_TAG]: 1, type: 'connection', id: 'ws-1', transport: 'websocket', url: 'ws://x', time: 0 });
