// What the session picker says about a session: its name (the first line of what the user asked, else
// the agent's own id, else its first connection; all read from the frames, so a session reads the same
// live and re-imported), its agent id, its connections, when it started, its state, how long it ran,
// its time to first token, frames and findings.
import type { Connection } from '../../model/frame';
import { addSeverityCounts, countBySeverity, type Finding, type Severity } from '../../model/finding';
import type { ViewItem } from '../../model/view';
import type { PanelSession } from './session-set';
import { protocolText } from './protocol-status';

export type SessionState = 'running' | 'done' | 'failed' | 'cut off' | 'stopped';

/** Longest session name, in characters: the rest of the prompt is in the tooltip. */
export const NAME_MAX = 120;

export interface SessionSummaryRow {
  id: string;
  /** The first line of the user's prompt, else the agent's id, else the first connection's name. */
  name: string;
  /** Whether `name` is the user's prompt. */
  named: boolean;
  /** The agent's own session, thread or run id, when known. */
  agentId: string | undefined;
  protocol: string;
  connections: string[];
  startedAt: number | undefined;
  state: SessionState;
  durationMs: number | undefined;
  firstTokenMs: number | undefined;
  frames: number;
  findings: Record<Severity, number>;
}

export function summarizeSession(
  session: PanelSession,
  connections: ReadonlyMap<string, Connection>,
  nameOf: (connectionId: string) => string,
  options: { live: boolean; untimed: boolean },
  /** Findings across requests reported on this session. */
  across: readonly Finding[] = [],
): SessionSummaryRow {
  const names = session.connectionIds.map(nameOf);
  const figures = options.untimed ? {} : session.metrics.headline();
  const prompt = firstPrompt(session.pipeline.view().items);
  return {
    id: session.id,
    name: prompt ?? session.key ?? names[0] ?? session.id,
    named: prompt !== undefined,
    agentId: session.key,
    // "detecting…" while a live session may still show its protocol, as the Request tab says.
    protocol: protocolText(session, connections, options.live),
    connections: names,
    startedAt: figures.requestAt,
    state: sessionState(session, connections, options.live),
    durationMs: figures.durationMs,
    firstTokenMs: figures.firstTokenMs,
    frames: session.pipeline.frames.length,
    findings: addSeverityCounts(countBySeverity(session.pipeline.findings()), across),
  };
}

export function sessionState(session: PanelSession, connections: ReadonlyMap<string, Connection>, live: boolean): SessionState {
  const view = session.pipeline.view();
  const failedStatus = session.connectionIds.some((id) => (connections.get(id)?.status ?? 0) >= 400);
  const ended = errorEnding(view.items);
  if (failedStatus || ended === 'failed') return 'failed';
  // The stream ended before its end (analysis/cut-off.ts): its last answer is not done.
  if (ended === 'cut off') return 'cut off';
  // The page aborted the turn itself (its Stop button): ended, though not as the stream would have.
  if (ended === 'stopped') return 'stopped';
  if (!view.streaming) return 'done';
  const allClosed = session.connectionIds.every((id) => connections.get(id)?.closed !== undefined || connections.get(id)?.transport === 'http-json');
  return live && !allClosed ? 'running' : 'cut off';
}

/**
 * The first line of the session's first user turn (a request body's prompt, placed by the user-turns
 * fold, or a turn the stream itself carries), one line of at most NAME_MAX characters.
 */
export function firstPrompt(items: readonly ViewItem[]): string | undefined {
  for (const item of items) {
    if (item.kind !== 'user') continue;
    const line = firstLine(item.text);
    if (line !== undefined) return line;
  }
  return undefined;
}

function firstLine(text: string): string | undefined {
  // Only the start of a long prompt is looked at; whitespace inside the line becomes single spaces.
  for (const raw of text.slice(0, 4 * NAME_MAX).split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (line !== '') return line.length > NAME_MAX ? `${line.slice(0, NAME_MAX - 1)}…` : line;
  }
  return undefined;
}

/**
 * What the view's error items say of the turn: `failed` when any is a failure, else `cut off` when a
 * stream ended before its end, else `stopped` when the only ones are the page's own stop. Groups nest
 * one level in every protocol; the bound only guards against a fold gone wrong.
 */
function errorEnding(items: readonly ViewItem[], depth = 0): 'failed' | 'cut off' | 'stopped' | undefined {
  let cut = false;
  let stopped = false;
  for (const item of items) {
    if (item.kind === 'error') {
      if (item.cutOff !== undefined) cut = true;
      else if (item.stoppedByPage) stopped = true;
      else return 'failed';
    } else if (item.kind === 'group' && depth < 8) {
      const inner = errorEnding(item.items, depth + 1);
      if (inner === 'failed') return 'failed';
      if (inner === 'cut off') cut = true;
      if (inner === 'stopped') stopped = true;
    }
  }
  return cut ? 'cut off' : stopped ? 'stopped' : undefined;
}
