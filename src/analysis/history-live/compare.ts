// Compares two renderings of the same turns: the one rebuilt from history after a reload and the one the
// page showed live before it. Only what the user sees counts (user and assistant texts, reasoning, tools
// with their label and status, groups with their summary, questions); approvals, errors and raw frames
// are left out, since history keeps approvals only in their tool results and stream errors not at all.
// A side whose turn was still running may be a prefix of the other: that is not a difference.
import { pushAll } from '../../model/push-all';
import { safeText } from '../../model/safe-text';
import type { GroupItem, ToolItem, ViewItem } from '../../model/view';

/** Where an item sits in a rendering: its index among the top-level items, then inside its group. */
export type ItemPath = readonly number[];

export interface Difference {
  /** `missing`: history lacks a live item; `extra`: history has one the page did not show; `changed`: both have it, unlike. */
  kind: 'missing' | 'extra' | 'changed';
  /** One sentence naming the first item that differs. */
  message: string;
  /** The differing item in the history rendering, or the place where it is missing. */
  history?: ItemPath;
  /** The differing item in the live rendering, or the place where it is missing. */
  live?: ItemPath;
  /** The history item nearest the difference (for its location in the history response). */
  historyItem?: ViewItem;
}

/** Which side may stop short because its turn was still running when it was read. */
export interface Leniency {
  historyShort: boolean;
  liveShort: boolean;
}

interface Placed {
  item: ViewItem;
  path: ItemPath;
}

const SHOWN = new Set<ViewItem['kind']>(['user', 'text', 'reasoning', 'tool', 'group', 'question']);

function shown(items: readonly ViewItem[], base: ItemPath): Placed[] {
  const out: Placed[] = [];
  items.forEach((item, i) => {
    if (!SHOWN.has(item.kind)) return;
    if (item.kind === 'tool' && item.orphanResult) return;
    if ((item.kind === 'text' || item.kind === 'reasoning') && item.text === '') return;
    out.push({ item, path: [...base, i] });
  });
  return out;
}

const clip = (text: string): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 48 ? `${one.slice(0, 47)}…` : one;
};

/** How a message names an item: `tool "web_search" (toolu_1)`, `text "Phiên 25/03…"`. */
export function describeItem(item: ViewItem): string {
  switch (item.kind) {
    case 'tool':
      return `tool "${safeText(item.name)}" (${safeText(item.toolId)})`;
    case 'group':
      return `group "${clip(item.summary)}"`;
    case 'user':
      return `user message "${clip(item.text)}"`;
    case 'text':
      return `text "${clip(item.text)}"`;
    case 'reasoning':
      return `reasoning "${clip(item.text)}"`;
    case 'question':
      return `question "${clip(item.questions[0]?.question ?? '')}"`;
    default:
      return item.kind;
  }
}

// ---- positional comparison (a protocol whose history has no ids: flat-block) -----------------------

interface Turn {
  user?: Placed;
  items: Placed[];
}

function turns(items: readonly ViewItem[]): Turn[] {
  const out: Turn[] = [];
  let current: Turn | undefined;
  for (const placed of shown(items, [])) {
    if (placed.item.kind === 'user') {
      current = { user: placed, items: [] };
      out.push(current);
      continue;
    }
    if (!current) out.push((current = { items: [] }));
    current.items.push(placed);
  }
  return out;
}

/**
 * The first difference between the turns the live rendering shows and the same turns in the history
 * rendering. Turns are matched by their user message; live items before any user message belong to
 * the history turn before the first matched one (or the last, when none is). History turns the live
 * rendering does not show (earlier turns) are not compared.
 */
export function compareByTurns(history: readonly ViewItem[], live: readonly ViewItem[], leniency: Leniency): Difference | undefined {
  const hTurns = turns(history);
  const lTurns = turns(live);
  const matched: Array<number | undefined> = [];
  let from = 0;
  lTurns.forEach((turn, j) => {
    if (!turn.user) return;
    const text = (turn.user.item as { text: string }).text;
    const at = hTurns.findIndex((h, k) => k >= from && h.user !== undefined && (h.user.item as { text: string }).text === text);
    matched[j] = at < 0 ? undefined : at;
    if (at >= 0) from = at + 1;
  });
  const firstAnchored = matched.findIndex((m) => m !== undefined);
  for (let j = 0; j < lTurns.length; j++) {
    const turn = lTurns[j] as Turn;
    const lastLive = j === lTurns.length - 1;
    let k = matched[j];
    if (!turn.user) k = firstAnchored >= 0 ? (matched[firstAnchored] as number) - 1 : hTurns.length - 1;
    const hTurn = k !== undefined && k >= 0 ? hTurns[k] : undefined;
    if (!hTurn) {
      if (lastLive && leniency.historyShort) return undefined;
      const first = turn.user ?? turn.items[0];
      if (!first) continue;
      return { kind: 'missing', message: `history lacks the turn the page showed live (${describeItem(first.item)})`, live: first.path };
    }
    const lastHistory = k === hTurns.length - 1;
    const d = compareLists(hTurn.items, turn.items, {
      historyShort: leniency.historyShort && lastHistory,
      liveShort: leniency.liveShort && lastLive,
    }, hTurn.user ?? hTurn.items[0]);
    if (d) return d;
  }
  return undefined;
}

function compareLists(h: readonly Placed[], l: readonly Placed[], leniency: Leniency, before: Placed | undefined, parent?: Placed): Difference | undefined {
  const n = Math.max(h.length, l.length);
  for (let i = 0; i < n; i++) {
    const hi = h[i];
    const li = l[i];
    if (!hi && li) {
      if (leniency.historyShort) return undefined;
      const near = h[i - 1] ?? parent ?? before;
      const where = parent ? ` from ${describeItem(parent.item)}` : '';
      return { kind: 'missing', message: `history lacks the ${describeItem(li.item)}${where} that the page showed live`, live: li.path, ...(near && { history: near.path, historyItem: near.item }) };
    }
    if (hi && !li) {
      if (leniency.liveShort) return undefined;
      const near = l[i - 1] ?? (parent && { path: parent.path });
      const where = parent ? ` in ${describeItem(parent.item)}` : '';
      return { kind: 'extra', message: `history has a ${describeItem(hi.item)}${where} that the page did not show live`, history: hi.path, historyItem: hi.item, ...(near && { live: near.path }) };
    }
    if (!hi || !li) break;
    // Two different tools at one place: one side skipped a tool the other goes on to show.
    const skipped = skippedTool(h, l, i);
    if (skipped === 'live') {
      // Located at the history item that stands where the live one should be.
      const where = parent ? ` from ${describeItem(parent.item)}` : '';
      return { kind: 'missing', message: `history lacks the ${describeItem(li.item)}${where} that the page showed live (before its ${describeItem(hi.item)})`, live: li.path, history: hi.path, historyItem: hi.item };
    }
    if (skipped === 'history') {
      const where = parent ? ` in ${describeItem(parent.item)}` : '';
      return { kind: 'extra', message: `history has a ${describeItem(hi.item)}${where} that the page did not show live`, history: hi.path, historyItem: hi.item, live: (l[i - 1] ?? li).path };
    }
    const d = compareItems(hi, li, {
      historyShort: leniency.historyShort,
      liveShort: leniency.liveShort,
    }, {
      historyTail: leniency.historyShort && i === h.length - 1,
      liveTail: leniency.liveShort && i === l.length - 1,
    });
    if (d) return d;
  }
  return undefined;
}

const toolId = (p: Placed | undefined): string | undefined => (p?.item.kind === 'tool' ? p.item.toolId : undefined);

/** Which side's tool at `i` the other side lacks, when both hold a tool there and they differ. */
function skippedTool(h: readonly Placed[], l: readonly Placed[], i: number): 'live' | 'history' | undefined {
  const hId = toolId(h[i]);
  const lId = toolId(l[i]);
  if (hId === undefined || lId === undefined || hId === lId) return undefined;
  if (l.slice(i + 1).some((p) => toolId(p) === hId)) return 'live';
  if (h.slice(i + 1).some((p) => toolId(p) === lId)) return 'history';
  return undefined;
}

const differs = (hi: Placed, li: Placed, what: string): Difference => ({ kind: 'changed', message: `${what} differs from what the page showed live`, history: hi.path, live: li.path, historyItem: hi.item });

function compareItems(hi: Placed, li: Placed, leniency: Leniency, tail: { historyTail: boolean; liveTail: boolean }): Difference | undefined {
  const h = hi.item;
  const l = li.item;
  if (h.kind !== l.kind) {
    return { kind: 'changed', message: `history shows a ${describeItem(h)} where the page showed a ${describeItem(l)} live`, history: hi.path, live: li.path, historyItem: h };
  }
  switch (h.kind) {
    case 'user':
    case 'text':
    case 'reasoning': {
      const lt = (l as { text: string }).text;
      if (h.text === lt || (tail.historyTail && lt.startsWith(h.text)) || (tail.liveTail && h.text.startsWith(lt))) return undefined;
      return { kind: 'changed', message: `history's ${describeItem(h)} differs from the ${describeItem(l)} the page showed live`, history: hi.path, live: li.path, historyItem: h };
    }
    case 'tool':
      return compareTools(hi, li, h, l as ToolItem, leniency);
    case 'group':
      return compareGroups(hi, li, h, l as GroupItem, leniency, tail);
    case 'question': {
      const texts = (q: ViewItem) => (q.kind === 'question' ? q.questions.map((x) => x.question).join('\n') : '');
      return texts(h) === texts(l) ? undefined : differs(hi, li, `history's ${describeItem(h)}`);
    }
    default:
      return undefined;
  }
}

function compareTools(hi: Placed, li: Placed, h: ToolItem, l: ToolItem, leniency: Leniency): Difference | undefined {
  if (h.toolId !== l.toolId || h.name !== l.name) {
    return { kind: 'changed', message: `history shows ${describeItem(h)} where the page showed ${describeItem(l)} live`, history: hi.path, live: li.path, historyItem: h };
  }
  if (h.label !== l.label) return { kind: 'changed', message: `history labels ${describeItem(h)} "${clip(h.label)}", the page showed "${clip(l.label)}" live`, history: hi.path, live: li.path, historyItem: h };
  const statusFits = h.status === l.status || (h.status === 'pending' && leniency.historyShort) || (l.status === 'pending' && leniency.liveShort);
  if (!statusFits) return { kind: 'changed', message: `history shows ${describeItem(h)} as ${h.status}, the page showed it ${l.status} live`, history: hi.path, live: li.path, historyItem: h };
  return undefined;
}

function compareGroups(hi: Placed, li: Placed, h: GroupItem, l: GroupItem, leniency: Leniency, tail: { historyTail: boolean; liveTail: boolean }): Difference | undefined {
  // A group still running on the side that may stop short is a prefix of the other side's group.
  const inner: Leniency = {
    historyShort: leniency.historyShort && (tail.historyTail || !h.done),
    liveShort: leniency.liveShort && (tail.liveTail || !l.done),
  };
  const d = compareLists(shown(h.items, hi.path), shown(l.items, li.path), inner, undefined, hi);
  if (d) return d;
  if (h.done && l.done && h.summary !== l.summary) {
    return { kind: 'changed', message: `history's ${describeItem(h)} has a different summary from the one the page showed live ("${clip(l.summary)}")`, history: hi.path, live: li.path, historyItem: h };
  }
  if (h.done !== l.done && !(inner.historyShort && !h.done) && !(inner.liveShort && !l.done)) {
    return { kind: 'changed', message: `history shows ${describeItem(h)} ${h.done ? 'finished' : 'still running'}, the page showed it ${l.done ? 'finished' : 'still running'} live`, history: hi.path, live: li.path, historyItem: h };
  }
  return undefined;
}

// ---- matching by ids (a protocol whose history names its messages and tool calls: AG-UI) -----------

function flatShown(items: readonly ViewItem[], base: ItemPath = []): Placed[] {
  const out: Placed[] = [];
  for (const placed of shown(items, base)) {
    if (placed.item.kind === 'group') pushAll(out, flatShown(placed.item.items, placed.path));
    else if (placed.item.kind !== 'reasoning') out.push(placed);
  }
  return out;
}

/**
 * Every item the page showed live must be in the history rendering: tools by their call id, texts in
 * order. History may hold more (earlier messages, results the page had not yet received). Reasoning is
 * left out: snapshots commonly omit it and the client keeps its own copy then.
 */
export function compareByIds(history: readonly ViewItem[], live: readonly ViewItem[]): Difference | undefined {
  const h = flatShown(history);
  const tools = new Map<string, Placed>();
  for (const p of h) if (p.item.kind === 'tool' && !tools.has(p.item.toolId)) tools.set(p.item.toolId, p);
  let cursor = 0;
  for (const li of flatShown(live)) {
    const l = li.item;
    if (l.kind === 'tool') {
      const hi = tools.get(l.toolId);
      if (!hi) return { kind: 'missing', message: `history lacks the ${describeItem(l)} that the page showed live`, live: li.path };
      const d = compareTools(hi, li, hi.item as ToolItem, l, { historyShort: false, liveShort: true });
      if (d) return d;
      continue;
    }
    const text = (l as { text?: string }).text ?? '';
    const same = h.findIndex((p, k) => k >= cursor && p.item.kind === l.kind && ((p.item as { text?: string }).text ?? '').startsWith(text));
    if (same >= 0) {
      cursor = same + 1;
      continue;
    }
    const other = h.find((p, k) => k >= cursor && p.item.kind === l.kind);
    if (other) return { kind: 'changed', message: `history's ${describeItem(other.item)} differs from the ${describeItem(l)} the page showed live`, history: other.path, live: li.path, historyItem: other.item };
    return { kind: 'missing', message: `history lacks the ${describeItem(l)} that the page showed live`, live: li.path };
  }
  return undefined;
}
