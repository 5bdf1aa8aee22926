// An in-memory pair of ports that behaves like runtime ports: messages are JSON-copied and
// delivered asynchronously, and disconnecting one end fires onDisconnect on the other only.
// Used to wire relay, hub and panel together in one process in tests.
import type { PortLike } from './typed-port';

export interface MemoryPort extends PortLike {
  sender?: { id?: string; url?: string; tab?: { id?: number } };
}

type Listener<T extends unknown[]> = (...args: T) => void;

function makeEnd(name: string): MemoryPort & { deliver(m: unknown): void; drop(): void; peer?: MemoryPort & { deliver(m: unknown): void; drop(): void } } {
  const messageListeners: Listener<[unknown]>[] = [];
  const disconnectListeners: Listener<[]>[] = [];
  let open = true;
  const end = {
    name,
    peer: undefined as ReturnType<typeof makeEnd> | undefined,
    postMessage(message: unknown) {
      if (!open) throw new Error('Attempting to use a disconnected port object');
      const copy = JSON.parse(JSON.stringify(message)) as unknown;
      const peer = end.peer;
      queueMicrotask(() => peer?.deliver(copy));
    },
    disconnect() {
      if (!open) return;
      open = false;
      const peer = end.peer;
      queueMicrotask(() => peer?.drop());
    },
    deliver(m: unknown) {
      if (open) for (const l of messageListeners) l(m);
    },
    drop() {
      if (!open) return;
      open = false;
      for (const l of disconnectListeners) l();
    },
    onMessage: { addListener: (cb: Listener<[unknown]>) => void messageListeners.push(cb) },
    onDisconnect: { addListener: (cb: Listener<[]>) => void disconnectListeners.push(cb) },
  };
  return end;
}

/** Returns [the connecting side, the side the listener receives (with `sender`)]. */
export function memoryPortPair(name: string, sender?: MemoryPort['sender']): [MemoryPort, MemoryPort] {
  const a = makeEnd(name);
  const b = makeEnd(name);
  a.peer = b;
  b.peer = a;
  if (sender) b.sender = sender;
  return [a, b];
}
