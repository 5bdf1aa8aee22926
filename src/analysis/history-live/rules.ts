// The history-against-live rules: the rendering rebuilt from history after a reload differs from what
// the page showed live for the same turns. Listed with each protocol's own rules, so the docs, the
// rules page and SARIF name them like any other.
import type { RuleMeta } from '../../model/finding';

export const HISTORY_LIVE_RULES = {
  flatBlock: 'flat/history-differs-from-live',
  agui: 'agui/history-differs-from-live',
  langgraph: 'langgraph/thread-state-differs-from-live',
} as const;

// Error: after a reload the user sees a different conversation from the one streamed to them (a tool
// gone from its group, another summary, status or text), which is a client showing something wrong.
// A side whose turn was still running may be a prefix of the other; that is never reported.
const WHY =
  'After a reload the user sees something other than what was streamed: a reference client that rebuilds from history shows the wrong conversation. A history taken while the turn still runs may stop short (a prefix); only a real difference is reported, naming the first item that differs.';

export const flatBlockHistoryLiveRules: readonly RuleMeta[] = [
  {
    id: HISTORY_LIVE_RULES.flatBlock,
    severity: 'error',
    description: `The rendering rebuilt from a History API response differs from the live rendering of the same turns before the reload (a tool missing from or added to a group, a different summary, status, label or text). ${WHY}`,
    fix: 'Store what was streamed as history returns it: every tool in its group, the same summaries, statuses, labels and texts (the finding names the first item that differs).',
  },
];

export const aguiHistoryLiveRules: readonly RuleMeta[] = [
  {
    id: HISTORY_LIVE_RULES.agui,
    severity: 'error',
    description: `A MESSAGES_SNAPSHOT (after a run, or at the start of a later run of the same thread) lacks or changes something the run showed live: a tool call, its result status, or a message's text. The snapshot may hold more (earlier messages); reasoning is not compared, since clients keep their own when a snapshot has none. ${WHY}`,
    fix: 'Build MESSAGES_SNAPSHOT from what the run streamed: every tool call with its result and each message\'s whole text (the finding names the first item that differs).',
  },
];

export const langgraphHistoryLiveRules: readonly RuleMeta[] = [
  {
    id: HISTORY_LIVE_RULES.langgraph,
    severity: 'error',
    description: `A read of the thread's state (\`GET /threads/{id}/state\`, \`/history\`) after runs of the thread streamed live lacks or changes something the runs showed: a message's text, a tool call or its result. The state may hold more (earlier turns); answered interrupts, which leave the state, are not compared. ${WHY}`,
    fix: 'Keep in the thread\'s checkpoints what the runs streamed: each message under its id with its whole text, every tool call with its ToolMessage (the finding names the first item that differs).',
  },
];
