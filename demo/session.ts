// One scripted agent run. It plays its scenario on a timer whether or not anyone is listening (a real agent
// keeps working while the page reloads), numbers every event, keeps the log for replay, and waits for the
// user's reply at each approval_request.
import type { AwaitStep, Step, StreamEvent } from './scenarios/events';
import type { ScenarioModule } from './scenarios/types';

export type NumberedEvent = StreamEvent & { readonly event_id: number };
export type Listener = (event: NumberedEvent) => void;
type Outcome = 'approve' | 'edit' | 'reject' | 'answer' | 'timeout';

interface Pending {
  readonly kind: 'approval' | 'question';
  outcome?: Outcome;
  resolve?: (outcome: Outcome) => void;
  timer?: ReturnType<typeof setTimeout>;
}

export type ReplyResult = { ok: true } | { ok: false; error: string };

/** Pacing before scaling: deltas come quickly, whole blocks a little slower. */
const delayOf = (event: StreamEvent): number => (event.type === 'content_block_delta' ? 90 : 220);

export class DemoSession {
  readonly log: NumberedEvent[] = [];
  /** Answers to questions, by approval key, for the History API's resolved question blocks. */
  readonly answers = new Map<string, Record<string, string>>();
  readonly pending = new Map<string, Pending>();
  finished = false;
  private readonly listeners = new Set<Listener>();
  private readonly abort = new AbortController();

  constructor(
    readonly id: string,
    readonly scenario: ScenarioModule,
    readonly buggy: boolean,
    private readonly delayScale: number,
  ) {}

  get userText(): string {
    return this.scenario.meta.userText;
  }

  start(): void {
    this.play(this.buggy ? this.scenario.buggyEvents : this.scenario.events).catch(() => undefined);
  }

  /** Sends every logged event after `afterId`, then live ones. Returns the unsubscribe function. */
  subscribe(listener: Listener, afterId = 0): () => void {
    const after = Math.max(0, Math.min(Math.floor(afterId), this.log.length));
    // The buggy backend's off-by-one: it replays the event AT the cursor again.
    const from = this.buggy && this.scenario.buggyReplay === 'overlap' && after > 0 ? after - 1 : after;
    for (const event of this.log.slice(from)) listener(event);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Applies a client `approval` frame. Never throws: bad replies are refused with a reason. */
  reply(frame: Record<string, unknown>): ReplyResult {
    const key = frame.approval_key;
    const pending = typeof key === 'string' ? this.pending.get(key) : undefined;
    if (!pending || typeof key !== 'string') return { ok: false, error: `no pending approval_request with key ${String(key)}` };
    if (pending.outcome) return { ok: false, error: `approval ${key} was already resolved (${pending.outcome})` };
    const outcome = pending.kind === 'question' ? this.readAnswers(key, frame.answers) : readDecision(frame.decisions);
    if (!outcome) return { ok: false, error: pending.kind === 'question' ? 'a question needs `answers`' : 'an approval needs `decisions`' };
    this.settle(pending, outcome);
    return { ok: true };
  }

  close(): void {
    this.abort.abort();
    this.listeners.clear();
    for (const pending of this.pending.values()) clearTimeout(pending.timer);
  }

  private async play(steps: readonly Step[]): Promise<void> {
    for (const step of steps) {
      if (this.abort.signal.aborted) return;
      if ('pause' in step) await this.sleep(step.pause as number);
      else if ('await' in step) await this.play(await this.waitFor(step as AwaitStep));
      else {
        await this.sleep(delayOf(step));
        if (!this.abort.signal.aborted) this.emit(step);
      }
    }
  }

  private emit(template: StreamEvent): void {
    const filled = JSON.parse(JSON.stringify(template).replaceAll('{{session}}', this.id)) as StreamEvent;
    const event: NumberedEvent = { ...filled, event_id: this.log.length + 1 };
    this.log.push(event);
    this.track(event);
    if (event.type === 'message_stop') this.finished = true;
    for (const listener of [...this.listeners]) listener(event);
  }

  /** Registers approval keys as soon as the request starts, so an early reply is not lost. */
  private track(event: NumberedEvent): void {
    const block = event.content_block as { type?: unknown; approval_key?: unknown } | undefined;
    if (event.type !== 'content_block_start' || block?.type !== 'approval_request' || typeof block.approval_key !== 'string') return;
    const kind = this.isQuestionKey(block.approval_key) ? 'question' : 'approval';
    this.pending.set(block.approval_key, { kind });
  }

  private isQuestionKey(key: string): boolean {
    const steps = this.buggy ? this.scenario.buggyEvents : this.scenario.events;
    return steps.some((s) => 'await' in s && (s as AwaitStep).kind === 'question' && (s as AwaitStep).await.replaceAll('{{session}}', this.id) === key);
  }

  private async waitFor(step: AwaitStep): Promise<readonly Step[]> {
    const key = step.await.replaceAll('{{session}}', this.id);
    const pending = this.pending.get(key) ?? { kind: step.kind };
    this.pending.set(key, pending);
    const outcome =
      pending.outcome ??
      (await new Promise<Outcome>((resolve) => {
        pending.resolve = resolve;
        // The agent rejects on its own after timeout_seconds (real seconds: a demo user may walk away).
        pending.timer = setTimeout(() => this.settle(pending, 'timeout'), this.timeoutOf(key) * 1000);
        pending.timer.unref?.();
        this.abort.signal.addEventListener('abort', () => resolve('timeout'), { once: true });
      }));
    if (this.abort.signal.aborted) return [];
    return step[outcome] ?? step.approve ?? step.answer ?? [];
  }

  private settle(pending: Pending, outcome: Outcome): void {
    if (pending.outcome) return;
    pending.outcome = outcome;
    clearTimeout(pending.timer);
    pending.resolve?.(outcome);
  }

  private timeoutOf(key: string): number {
    const start = this.log.findIndex((e) => (e.content_block as { approval_key?: unknown } | undefined)?.approval_key === key);
    const delta = this.log.slice(start).find((e) => e.type === 'content_block_delta')?.delta as { timeout_seconds?: unknown } | undefined;
    return typeof delta?.timeout_seconds === 'number' ? delta.timeout_seconds : this.pending.get(key)?.kind === 'question' ? 600 : 300;
  }

  private readAnswers(key: string, answers: unknown): Outcome | undefined {
    if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return undefined;
    const clean: Record<string, string> = {};
    for (const [question, answer] of Object.entries(answers)) clean[question] = String(answer);
    this.answers.set(key, clean);
    return 'answer';
  }

  private sleep(ms: number): Promise<void> {
    const scaled = ms * this.delayScale;
    const signal = this.abort.signal;
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        clearImmediate(immediate);
        signal.removeEventListener('abort', done);
        resolve();
      };
      // A zero delay still yields, so a fast run interleaves with I/O like a slow one.
      const timer = setTimeout(done, scaled >= 1 ? scaled : 2 ** 31 - 1);
      const immediate = scaled >= 1 ? undefined : setImmediate(done);
      signal.addEventListener('abort', done);
    });
  }
}

function readDecision(decisions: unknown): Outcome | undefined {
  if (!Array.isArray(decisions) || decisions.length === 0) return undefined;
  const first: unknown = decisions[0];
  const type = typeof first === 'string' ? first : (first as { type?: unknown } | null)?.type;
  return type === 'approve' || type === 'edit' || type === 'reject' ? type : undefined;
}
