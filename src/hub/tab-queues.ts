// Serialises the work on each tab: hydration, batches, clears and subscriptions of one tab run one
// after another, so a batch never lands on a tab that is still being read back from storage.
export class TabQueues {
  private readonly tails = new Map<number, Promise<unknown>>();

  run<T>(tabId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(tabId) ?? Promise.resolve();
    const next = previous.then(work);
    const tail = next.catch((err: unknown) => console.warn('agent-stream-inspector: tab task failed', err));
    this.tails.set(tabId, tail);
    void tail.then(() => {
      if (this.tails.get(tabId) === tail) this.tails.delete(tabId);
    });
    return next;
  }
}
