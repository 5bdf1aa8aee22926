// The user's turn taken from a request body: a page that streams a chat API's answer sent the prompt
// in the request that opened the connection, not in the stream, so the rendering would start with the
// assistant. This fold wrapper puts a user item before the first item of each connection whose request
// carried a prompt, in one place for every protocol. It adds nothing when the stream itself carries the
// user's turn (a request body captured as a frame, a messages snapshot) or when a request only
// continues the previous turn (tool results resent with the same prompt).
import type { Connection, DecodedFrame } from '../model/frame';
import type { FindingSink } from '../model/finding';
import type { UserItem, ViewItem, ViewModel } from '../model/view';
import type { ProtocolDefinition, ProtocolFold, RequestPrompt } from '../protocols/types';

interface PlacedTurn {
  /** Index of the connection's first frame: the turn goes before items that began there or later. */
  at: number;
  item: UserItem;
}

export function withUserTurns(fold: ProtocolFold, protocol: ProtocolDefinition | undefined): ProtocolFold {
  const promptOf = protocol?.promptOf;
  if (!promptOf) return fold;
  return new UserTurnsFold(fold, promptOf);
}

/**
 * A class rather than closures, its lists made when a connection first carries a prompt: a pipeline
 * makes one per session, sessions are often short, and what each allocates shows.
 */
class UserTurnsFold implements ProtocolFold {
  private waiting: Map<string, UserItem> | undefined;
  private placed: PlacedTurn[] | undefined;
  private previous: RequestPrompt | undefined;

  constructor(
    private readonly fold: ProtocolFold,
    private readonly promptOf: (c: Connection) => RequestPrompt | undefined,
  ) {}

  apply(decoded: DecodedFrame, sink: FindingSink): void {
    if (this.waiting !== undefined && this.waiting.size > 0) this.placeTurn(decoded);
    this.fold.apply(decoded, sink);
  }

  finish(sink: FindingSink): void {
    this.fold.finish(sink);
  }

  view(): ViewModel {
    const view = this.fold.view();
    const placed = this.placed;
    return placed === undefined || placed.length === 0 ? view : { ...view, items: mergeTurns(view.items, placed) };
  }

  connection(connection: Connection): void {
    this.fold.connection?.(connection);
    const prompt = safePrompt(this.promptOf, connection);
    if (!prompt) return;
    const previous = this.previous;
    const continues = previous !== undefined && previous.text === prompt.text && previous.path === prompt.path;
    this.previous = prompt;
    if (continues) return;
    (this.waiting ??= new Map()).set(connection.id, { kind: 'user', id: `request-${connection.id}`, frames: [], text: prompt.text, connectionId: connection.id });
  }

  private placeTurn({ frame }: DecodedFrame): void {
    const item = this.waiting?.get(frame.connectionId);
    if (!item) return;
    this.waiting?.delete(frame.connectionId);
    // The request body captured as the connection's first frame: the fold renders that turn itself.
    if (frame.kind === 'message' && frame.direction === 'out') return;
    (this.placed ??= []).push({ at: frame.index, item });
  }
}

function safePrompt(promptOf: (c: Connection) => RequestPrompt | undefined, connection: Connection): RequestPrompt | undefined {
  try {
    return promptOf(connection);
  } catch {
    return undefined;
  }
}

/** The fold's items with each turn before the first item that began at or after its connection's first frame. */
function mergeTurns(items: readonly ViewItem[], turns: readonly PlacedTurn[]): ViewItem[] {
  // Where each turn goes, as a position in `items`.
  const positions: number[] = [];
  let t = 0;
  for (let i = 0; i < items.length && t < turns.length; i++) {
    const first = items[i]?.frames[0];
    while (t < turns.length && first !== undefined && first >= (turns[t] as PlacedTurn).at) positions[t++] = i;
  }
  while (t < turns.length) positions[t++] = items.length;

  const merged: ViewItem[] = [];
  let next = 0;
  turns.forEach((turn, k) => {
    const at = positions[k] ?? items.length;
    const end = positions[k + 1] ?? items.length;
    for (; next < at; next++) merged.push(items[next] as ViewItem);
    if (!carriesTurn(items, at, end, turn.item.text)) merged.push(turn.item);
  });
  for (; next < items.length; next++) merged.push(items[next] as ViewItem);
  return merged;
}

/** The stream already shows this turn (e.g. an AG-UI messages snapshot) among its connection's items. */
function carriesTurn(items: readonly ViewItem[], from: number, to: number, text: string): boolean {
  const wanted = text.trim();
  for (let i = from; i < to; i++) {
    const item = items[i];
    if (item?.kind === 'user' && item.text.trim() === wanted) return true;
  }
  return false;
}
