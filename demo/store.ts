// The runs the demo server knows, by session id.
import { randomUUID } from 'node:crypto';
import { findScenario } from './scenarios/index';
import { DemoSession } from './session';

const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_SESSIONS = 200;

export class SessionStore {
  readonly sessions = new Map<string, DemoSession>();
  constructor(private readonly delayScale: number) {}

  get(id: unknown): DemoSession | undefined {
    return typeof id === 'string' ? this.sessions.get(id) : undefined;
  }

  /** Starts a run. A missing or malformed id gets a fresh one; a reused id is refused. */
  create(id: unknown, scenarioId: unknown, buggy: unknown): DemoSession | string {
    const scenario = findScenario(scenarioId);
    if (!scenario) return `unknown scenario ${String(scenarioId)}`;
    const sessionId = typeof id === 'string' && SESSION_ID.test(id) ? id : randomUUID();
    if (this.sessions.has(sessionId)) return `session ${sessionId} already exists; start a new one with a fresh id`;
    if (this.sessions.size >= MAX_SESSIONS) this.evictOldest();
    const session = new DemoSession(sessionId, scenario, buggy === true || buggy === '1' || buggy === 'true', this.delayScale);
    this.sessions.set(sessionId, session);
    session.start();
    return session;
  }

  closeAll(): void {
    for (const session of this.sessions.values()) session.close();
    this.sessions.clear();
  }

  private evictOldest(): void {
    const [oldest] = this.sessions.keys();
    if (oldest === undefined) return;
    this.sessions.get(oldest)?.close();
    this.sessions.delete(oldest);
  }
}

export function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

