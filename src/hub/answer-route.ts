// "Answer from the panel", the hub's part: which relay port speaks for which document of a tab, and
// whether an answer the panel sent (already checked against answer-messages.ts's schema by the port)
// may go to it: only to a WebSocket the page opened in that tab, still open, through the relay of the
// document that captured it. Everything else is refused with a reason the panel shows.
import type { PanelAnswer, RelayAnswer } from '../bridge/answer-messages';
import type { Connection } from '../model/frame';

export interface AnswerPort {
  post(message: RelayAnswer): boolean;
}

/**
 * `relayGone`: only the document's relay port is missing (the worker stopped since the relay last
 * sent): the hub may ask that relay to connect again and route once it has (Hub, wake-relay.ts).
 */
export type AnswerRouting = { port: AnswerPort; message: RelayAnswer } | { refused: string; relayGone?: number };

const RELAY_GONE = 'the page that opened this socket is not connected to the inspector any more (reloaded, or left)';

export class AnswerRoutes {
  /** Per tab, document key → the relay port that sends that document's batches. */
  private readonly ports = new Map<number, Map<number, AnswerPort>>();
  /** Who waits for a document's port (`noted`), by "<tab>:<document key>". */
  private readonly waiting = new Map<string, Set<() => void>>();

  /** The relay port that just delivered a batch of document `documentKey` of tab `tabId`. */
  note(tabId: number, documentKey: number, port: AnswerPort): void {
    let tab = this.ports.get(tabId);
    if (!tab) this.ports.set(tabId, (tab = new Map()));
    if (tab.get(documentKey) !== port) tab.set(documentKey, port);
    const key = `${tabId}:${documentKey}`;
    const waiters = this.waiting.get(key);
    if (waiters === undefined) return;
    this.waiting.delete(key);
    for (const done of waiters) done();
  }

  /** Resolves true once document `documentKey` of tab `tabId` has a port, false after `ms`. */
  noted(tabId: number, documentKey: number, ms: number): Promise<boolean> {
    if (this.ports.get(tabId)?.has(documentKey)) return Promise.resolve(true);
    const key = `${tabId}:${documentKey}`;
    let waiters = this.waiting.get(key);
    if (!waiters) this.waiting.set(key, (waiters = new Set()));
    const all = waiters;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        all.delete(done);
        if (all.size === 0 && this.waiting.get(key) === all) this.waiting.delete(key);
        resolve(false);
      }, ms);
      all.add(done);
    });
  }

  /** A relay port went away (its document unloaded, or the worker restarted). */
  forget(port: AnswerPort): void {
    for (const [tabId, tab] of this.ports) {
      for (const [key, p] of tab) if (p === port) tab.delete(key);
      if (tab.size === 0) this.ports.delete(tabId);
    }
  }

  forgetTab(tabId: number): void {
    this.ports.delete(tabId);
  }

  /** Where `answer` goes, given the tab's connections, or why it goes nowhere. */
  route(tabId: number, connections: ReadonlyMap<string, Connection>, answer: PanelAnswer): AnswerRouting {
    const connection = connections.get(answer.connectionId);
    if (!connection) return { refused: 'the connection is not in this tab’s capture' };
    if (connection.transport !== 'websocket') return { refused: 'not a WebSocket: the page’s own client must make the follow-up request' };
    if (connection.closed) return { refused: 'the socket is closed: nothing was sent' };
    // The hub's connection ids are "<document key>.<the hook's id>" (hub/tab.ts).
    const dot = answer.connectionId.indexOf('.');
    const documentKey = Number(answer.connectionId.slice(0, dot));
    const numbered = dot > 0 && Number.isSafeInteger(documentKey);
    const port = numbered ? this.ports.get(tabId)?.get(documentKey) : undefined;
    if (!port) return { refused: RELAY_GONE, ...(numbered && { relayGone: documentKey }) };
    return { port, message: { type: 'answer', connectionId: answer.connectionId.slice(dot + 1), data: answer.data } };
  }
}
