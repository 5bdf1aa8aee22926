// A runtime port retyped so it only sends its direction's union and only delivers messages that
// pass the receiving side's zod schema. Oversize messages are split into pieces transparently.
import type { z } from 'zod';
import { ChunkAssembler, isChunkPiece, splitMessage } from './chunking';

/** The part of `Browser.runtime.Port` the bridge uses (so tests can pass an in-memory port). */
export interface PortLike {
  readonly name: string;
  postMessage(message: unknown): void;
  disconnect(): void;
  readonly onMessage: { addListener(cb: (message: unknown) => void): void };
  readonly onDisconnect: { addListener(cb: () => void): void };
}

export interface TypedPortOptions {
  /** Called for every received message that failed validation (it is not delivered). */
  onInvalid?(reason: string): void;
  /** Piece size, for tests. */
  chunkChars?: number;
  /**
   * A cheaper check of the commonest messages, tried first: the message it returns is delivered,
   * anything it returns undefined for goes to the schema. It must accept nothing the schema rejects.
   */
  fast?(value: unknown): unknown;
}

export class TypedPort<Send, Receive> {
  private nextChunkId = 1;
  private readonly assembler = new ChunkAssembler();
  private open = true;

  constructor(
    readonly raw: PortLike,
    private readonly schema: z.ZodType<Receive>,
    private readonly options: TypedPortOptions = {},
  ) {
    raw.onDisconnect.addListener(() => {
      this.open = false;
    });
  }

  get connected(): boolean {
    return this.open;
  }

  /** Sends one message (in pieces if needed). Returns false when the port is gone. */
  post(message: Send): boolean {
    if (!this.open) return false;
    try {
      for (const piece of splitMessage(message, this.nextChunkId++, this.options.chunkChars)) this.raw.postMessage(piece);
      return true;
    } catch {
      // Chrome throws on a port whose other end went away before onDisconnect reached us.
      this.open = false;
      return false;
    }
  }

  onMessage(listener: (message: Receive) => void): void {
    this.raw.onMessage.addListener((value) => {
      let message = value;
      if (isChunkPiece(value)) {
        const result = this.assembler.add(value);
        if (!result.complete) {
          if (result.error) this.options.onInvalid?.(result.error);
          return;
        }
        message = result.message;
      }
      const fast = this.options.fast?.(message);
      if (fast !== undefined) return listener(fast as Receive);
      const parsed = this.schema.safeParse(message);
      if (!parsed.success) {
        this.options.onInvalid?.(parsed.error.issues[0]?.message ?? 'invalid message');
        return;
      }
      listener(parsed.data);
    });
  }

  onDisconnect(listener: () => void): void {
    this.raw.onDisconnect.addListener(listener);
  }

  disconnect(): void {
    this.open = false;
    try {
      this.raw.disconnect();
    } catch {
      // Already gone.
    }
  }
}
