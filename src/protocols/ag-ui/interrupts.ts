// Interrupts (RUN_FINISHED with outcome `interrupt`) become approval cards when they pause a tool call,
// and question cards otherwise (e.g. `input_required`). A later request's `resume[]` resolves them.
import type { ApprovalItem, QuestionItem, QuestionOption } from '../../model/view';
import { safeText } from '../../model/safe-text';
import type { ViewStore } from './view-store';
import { addFrame } from '../shared/view-helpers';
import { SmallMap } from '../shared/small-map';

export interface LooseInterrupt {
  id: string;
  reason: string;
  message?: string;
  toolCallId?: string;
  responseSchema?: unknown;
  expiresAt?: string;
}

export const APPROVAL_DECISIONS = ['approve', 'reject'];

export class InterruptTracker {
  /** Open interrupts by id, with the card that shows each; made at the first (most sessions have none). */
  private open: SmallMap<ApprovalItem | QuestionItem> | undefined;

  /** Some interrupt waits for a resume entry. */
  get anyOpen(): boolean {
    return this.open !== undefined && this.open.size > 0;
  }

  add(store: ViewStore, interrupt: LooseInterrupt, frame: number, time: number): void {
    // Raised again by a later run while still open: the client holds it once, and so does the view.
    const already = this.open?.get(interrupt.id);
    if (already !== undefined) return addFrame(already.frames, frame);
    const timeoutSeconds = secondsUntil(interrupt.expiresAt, time);
    const tool = interrupt.toolCallId !== undefined ? store.tools.get(interrupt.toolCallId)?.item : undefined;
    let item: ApprovalItem | QuestionItem;
    // Literals rather than spreads (a spread per interrupt showed in short sessions), with the same key order.
    if (interrupt.reason === 'tool_call' || tool) {
      const name = tool?.name ?? 'tool call';
      const approval: ApprovalItem = { kind: 'approval', id: store.nextId('approval'), frames: [frame], key: interrupt.id, actions: [{ name, args: tool?.input }], allowed: allowedFor(name) };
      if (timeoutSeconds !== undefined) approval.timeoutSeconds = timeoutSeconds;
      item = approval;
    } else {
      const id = store.nextId('question');
      const key = interrupt.id;
      const questions = [{ question: interrupt.message ?? interrupt.reason, header: interrupt.reason, multiSelect: false, options: optionsFrom(interrupt.responseSchema) }];
      item =
        timeoutSeconds !== undefined
          ? { kind: 'question', id, frames: [frame], key, questions, timeoutSeconds, state: 'waiting', resolved: false }
          : { kind: 'question', id, frames: [frame], key, questions, state: 'waiting', resolved: false };
    }
    store.place(item);
    (this.open ??= new SmallMap()).set(interrupt.id, item);
  }

  /** Applies `resume[]` entries; returns the ids of open interrupts the entries did not cover. */
  resume(entries: unknown, frame: number): string[] {
    const open = this.open;
    if (open === undefined) return [];
    const covered = new Set<string>();
    if (Array.isArray(entries)) {
      for (const raw of entries) {
        const entry = raw as { interruptId?: unknown; status?: unknown; payload?: unknown } | null;
        if (!entry || typeof entry.interruptId !== 'string') continue;
        const item = open.get(entry.interruptId);
        if (!item) continue;
        covered.add(entry.interruptId);
        resolve(item, entry.status === 'cancelled', entry.payload, frame);
      }
    }
    const missing = [...open.keys()].filter((id) => !covered.has(id));
    open.clear();
    return missing;
  }
}

/**
 * An approval card's `allowed`, `{ [name]: APPROVAL_DECISIONS }`: made once per tool name and shared by
 * the cards of that tool, frozen (as APPROVAL_DECISIONS is shared). A new object per card showed in short
 * sessions: a computed key in an object literal takes V8's slow path, and so does an assignment of a new
 * key to an empty object. Names kept are bounded in number and length, as humanizeToolName's.
 */
function allowedFor(name: string): Record<string, string[]> {
  const known = allowedByName.get(name);
  if (known !== undefined) return known;
  // A computed key, not an assignment: a tool named "__proto__" stays an own key.
  const allowed = Object.freeze({ [name]: APPROVAL_DECISIONS });
  if (name.length <= ALLOWED_NAME_MAX) {
    if (allowedByName.size >= ALLOWED_MAX) allowedByName.clear();
    allowedByName.set(name, allowed);
  }
  return allowed;
}

const allowedByName = new Map<string, Record<string, string[]>>();
const ALLOWED_MAX = 256;
const ALLOWED_NAME_MAX = 200;

function resolve(item: ApprovalItem | QuestionItem, cancelled: boolean, payload: unknown, frame: number): void {
  addFrame(item.frames, frame);
  if (item.kind === 'approval') {
    const approved = !cancelled && (payload as { approved?: unknown } | null | undefined)?.approved !== false;
    item.outcome = { type: 'decided', decisions: [approved ? 'approve' : 'reject'] };
    return;
  }
  item.state = 'answered';
  const question = item.questions[0]?.question ?? item.key;
  const response = (payload as { response?: unknown } | null | undefined)?.response ?? payload;
  item.answers = { [question]: cancelled ? '[cancelled]' : typeof response === 'string' ? response : JSON.stringify(response ?? null) };
}

/** Options from the interrupt's response schema: an enum lists choices, a boolean is yes/no, else free text. */
function optionsFrom(schema: unknown): QuestionOption[] {
  const properties = (schema as { properties?: unknown } | null | undefined)?.properties;
  if (properties && typeof properties === 'object') {
    for (const prop of Object.values(properties as Record<string, unknown>)) {
      const p = prop as { enum?: unknown; type?: unknown } | null;
      if (p && Array.isArray(p.enum)) return p.enum.map((v) => ({ label: safeText(v) }));
      if (p && p.type === 'boolean') return [{ label: 'Yes' }, { label: 'No' }];
    }
  }
  return [{ label: 'Answer', input: true }];
}

/** Seconds until an interrupt expires; `undefined` when it does not say (no made-up "0 s"). */
function secondsUntil(expiresAt: string | undefined, now: number): number | undefined {
  if (expiresAt === undefined) return undefined;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) ? Math.max(0, Math.round((at - now) / 1000)) : undefined;
}
