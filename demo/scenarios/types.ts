import type { Step } from './events';

export interface ScenarioMeta {
  readonly id: string;
  readonly title: string;
  /** One line for the page's picker and the README. */
  readonly description: string;
  /** The user's message that starts the turn (shown by the page, first message in history). */
  readonly userText: string;
}

/** What every file in demo/scenarios/ (except helpers) exports. */
export interface ScenarioModule {
  readonly meta: ScenarioMeta;
  readonly events: readonly Step[];
  readonly buggyEvents: readonly Step[];
  /** Rule ids (flat-block-protocol.md section 7) the buggy variant breaks; the clean one breaks none. */
  readonly brokenRules: readonly string[];
  /** Set when the buggy variant misbehaves on replay rather than in its events. */
  readonly buggyReplay?: 'overlap';
  /** Set when the buggy variant's History API differs from what was streamed rather than its events. */
  readonly buggyHistory?: 'drop-tool';
}
