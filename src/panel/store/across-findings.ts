// Findings across requests (the tool loop between a stream and the request that follows it) for the
// panel. `acrossSessionFindings` reads every request of the capture, so it is not run per frame: a
// change that can alter its answer (a connection opened or closed, sessions regrouped, trimmed, a file
// loaded) marks it stale, and the next reader recomputes it once, whatever number of changes came in
// the same animation frame. While the tab is live, a stream that asked for tools is reported stalled
// only once the page has sent no follow-up for `stallAfterMs`; a timer marks the result stale then.
import type { Signal } from '@preact/signals';
import type { Connection, Frame } from '../../model/frame';
import type { Finding, Severity } from '../../model/finding';
import { acrossSessionFindings } from '../../analysis/across-sessions';
import type { Session } from '../../analysis/sessions';
import { conversations, type Conversation } from '../../analysis/conversations';
import { spansRequests } from '../../analysis/conversation-turns';
import { pageToolStates, type PageToolState } from '../../analysis/page-tools';
import type { LoopOptions } from '../../analysis/tool-loop';
import type { PanelSession } from './session-set';
import { loopPipeline } from './loop-frames';

/** How long a live stream that asked for tools may wait for its follow-up before it is reported stalled. */
export const DEFAULT_STALL_AFTER_MS = 10_000;

const RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };

export interface AcrossInput {
  sessions: readonly PanelSession[];
  connections: ReadonlyMap<string, Connection>;
  frame(index: number): Frame | undefined;
  /** The capture is still being recorded (the tab is live), so a stream without a follow-up may get one yet. */
  live: boolean;
}

export interface AcrossSettings extends LoopOptions {
  stallAfterMs?: number;
  now?: () => number;
}

/** A check across requests not reported yet because its wait is not over (a live tool loop that may stall). */
export interface HeldCheck {
  session: PanelSession;
  finding: Finding;
  /** Epoch ms at which it is reported unless the page sends its follow-up first. */
  due: number;
}

export class AcrossFindings {
  private stale = true;
  private held: HeldCheck[] = [];
  private bySession = new Map<PanelSession, Finding[]>();
  private byFrame = new Map<number, Finding[]>();
  private joined: readonly Conversation[] = [];
  private owners = new Map<Session, PanelSession>();
  private pageToolsBySession = new Map<PanelSession, ReadonlyMap<string, PageToolState>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private runs = 0;

  /** `version` is bumped when the result goes stale, so whatever read it reads it again. */
  constructor(
    private readonly input: () => AcrossInput,
    private readonly version: Signal<number>,
    private readonly settings: AcrossSettings = {},
  ) {}

  /** Something that can change the conversations happened: recompute on the next read. */
  invalidate(): void {
    if (this.stale) return;
    this.stale = true;
    this.version.value++;
  }

  /** The findings across requests reported on this session. */
  of(session: PanelSession): readonly Finding[] {
    this.refresh();
    return this.bySession.get(session) ?? [];
  }

  /**
   * Every finding across requests that points at a frame, whichever session it is reported on: a check
   * that joins two requests points at frames of both, and the timeline marks each of them.
   */
  onFrame(index: number): readonly Finding[] {
    this.refresh();
    return this.byFrame.get(index) ?? [];
  }

  /** The worst severity of the findings on a frame (the timeline's marker). */
  severityOf(index: number): Severity | undefined {
    let worst: Severity | undefined;
    for (const f of this.onFrame(index)) worst = worse(worst, f.severity);
    return worst;
  }

  /** The conversations that span requests (or stopped after asking for tools), and the panel session of each request's session. */
  conversations(): { list: readonly Conversation[]; ownerOf(session: Session): PanelSession | undefined } {
    this.refresh();
    const owners = this.owners;
    return { list: this.joined, ownerOf: (s) => owners.get(s) };
  }

  /**
   * What became of the session's tool calls the page had to run, by call id, read across requests as
   * `render` and `check` read them (analysis/page-tools.ts): the rendering lays them over the stream's own
   * view, where such a call would otherwise stay "running" after its follow-up carried the result.
   */
  pageTools(session: PanelSession): ReadonlyMap<string, PageToolState> | undefined {
    this.refresh();
    return this.pageToolsBySession.get(session);
  }

  /** The checks still waiting (a live stall held back until its wait is over), soonest first. */
  waiting(): readonly HeldCheck[] {
    this.refresh();
    return this.held;
  }

  /** The clock the waits are measured on (settable in tests). */
  now(): number {
    return (this.settings.now ?? Date.now)();
  }

  /** How many times the findings were computed (a cost the panel's tests hold down). */
  get computeCount(): number {
    return this.runs;
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private refresh(): void {
    if (!this.stale) return;
    this.stale = false;
    this.runs++;
    this.dispose();
    const input = this.input();
    const now = (this.settings.now ?? Date.now)();
    const stallAfter = this.settings.stallAfterMs ?? DEFAULT_STALL_AFTER_MS;
    const asSessions = new Map<Session, PanelSession>();
    for (const s of input.sessions) {
      const connections = s.connectionIds.map((id) => input.connections.get(id)).filter((c): c is Connection => c !== undefined);
      asSessions.set({ key: s.id, connections, pipeline: loopPipeline(s, s.pipeline) }, s);
    }
    this.bySession = new Map();
    this.byFrame = new Map();
    this.owners = asSessions;
    this.joined = [];
    this.pageToolsBySession = new Map();
    this.held = [];
    let nextStall = Infinity;
    let found: Map<Session, Finding[]>;
    try {
      found = acrossSessionFindings([...asSessions.keys()], this.settings);
      const all = conversations([...asSessions.keys()]);
      this.joined = all.filter(spansRequests);
      for (const [session, states] of pageToolStates(all)) {
        const owner = asSessions.get(session);
        if (owner) this.pageToolsBySession.set(owner, states);
      }
    } catch (err) {
      // A fault in a check across requests must not take the panel's own findings with it.
      console.warn('agent-stream-inspector: the checks across requests failed', err);
      return;
    }
    for (const [session, findings] of found) {
      const owner = asSessions.get(session);
      if (!owner) continue;
      const kept = findings.filter((f) => {
        if (!input.live || !isStall(f)) return true;
        const time = input.frame(f.frames[0] ?? f.at)?.time;
        if (time === undefined) return true;
        const due = time + stallAfter;
        if (due <= now) return true;
        nextStall = Math.min(nextStall, due);
        this.held.push({ session: owner, finding: f, due });
        return false;
      });
      if (kept.length === 0) continue;
      this.bySession.set(owner, kept);
      for (const f of kept) {
        for (const index of f.frames) {
          const on = this.byFrame.get(index);
          if (on === undefined) this.byFrame.set(index, [f]);
          else if (!on.includes(f)) on.push(f);
        }
      }
    }
    this.held.sort((a, b) => a.due - b.due);
    if (nextStall !== Infinity) this.timer = setTimeout(() => this.invalidate(), Math.max(0, nextStall - now) + 1);
  }
}

/** `openai-chat/loop-stalled` and its twins of the other protocols; an A2A question still waiting for its answer. */
export function isStall(f: Finding): boolean {
  return f.rule.endsWith('/loop-stalled') || f.rule === 'a2a/input-required-unanswered';
}

export function worse(a: Severity | undefined, b: Severity | undefined): Severity | undefined {
  if (!a) return b;
  if (!b) return a;
  return RANK[a] >= RANK[b] ? a : b;
}
