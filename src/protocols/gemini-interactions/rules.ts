// The Gemini Interactions API streaming rule catalogue. Graded by docs/severity-policy.md: error = the
// reference client (`@google/genai`, the AI SDK's Google Interactions model) fails or shows something
// wrong, warning = a deviation clients survive (or the stream reports its own failure), info =
// well-formed but unknown to us or worth showing.
import type { RuleMeta } from '../../model/finding';
import { addFixes } from '../shared/rule-fixes';

export const INTERACTIONS_RULES = {
  invalidJson: 'gemini-interactions/invalid-json',
  invalidEvent: 'gemini-interactions/invalid-event',
  unknownEvent: 'gemini-interactions/unknown-event',
  failed: 'gemini-interactions/failed',
  missingCreated: 'gemini-interactions/missing-created',
  missingCompleted: 'gemini-interactions/missing-completed',
  eventAfterCompleted: 'gemini-interactions/event-after-completed',
  stepNotStarted: 'gemini-interactions/step-not-started',
  stepIndexReused: 'gemini-interactions/step-index-reused',
  stepNotStopped: 'gemini-interactions/step-not-stopped',
  stopWithoutStart: 'gemini-interactions/stop-without-start',
  stepStartRepeated: 'gemini-interactions/step-start-repeated',
  functionCallNotStopped: 'gemini-interactions/function-call-not-stopped',
  textOutsideOutput: 'gemini-interactions/text-outside-output',
  summaryOutsideThought: 'gemini-interactions/summary-outside-thought',
  argumentsOnStartOnly: 'gemini-interactions/arguments-on-start-only',
  invalidFunctionArguments: 'gemini-interactions/invalid-function-arguments',
  requiresActionWithoutCall: 'gemini-interactions/requires-action-without-call',
  incomplete: 'gemini-interactions/incomplete',
  continuationWithoutToken: 'gemini-interactions/continuation-without-token',
  unknownStep: 'gemini-interactions/unknown-step',
} as const;

const R = INTERACTIONS_RULES;

export const interactionsRules: readonly RuleMeta[] = [
  { id: R.invalidJson, severity: 'error', description: 'A data record is not JSON: @google/genai yields it as a bare string instead of an event, and the app shows nothing of it.' },
  { id: R.invalidEvent, severity: 'error', description: 'A known `event_type` with fields of the wrong shape (a step event without its `index`, a delta without `type`).' },
  { id: R.unknownEvent, severity: 'info', description: 'An `event_type` this version does not know; shown raw.' },
  { id: R.failed, severity: 'warning', description: 'The stream reports its own failure: an `error` event, or the interaction ends with status `failed` or `cancelled`.' },
  { id: R.missingCreated, severity: 'warning', description: 'The first event is not `interaction.created`.' },
  { id: R.missingCompleted, severity: 'warning', description: 'The stream ended without `interaction.completed`: it was cut short and has no final status or usage.' },
  { id: R.eventAfterCompleted, severity: 'warning', description: 'Events arrived after `interaction.completed` on the same connection: both clients read on (a step still open takes its late deltas and `step.stop`), and so does the view.' },
  { id: R.stepNotStarted, severity: 'error', description: '`step.delta` for an index no open `step.start` opened (never started, or stopped already): the delta belongs to no step, and the AI SDK drops it. @google/genai yields it, and the view shows its text or thinking as a page shows them.' },
  { id: R.stepIndexReused, severity: 'error', description: '`step.start` for an index already used in this interaction (other than the same start repeated before any delta): the client overwrites the earlier step.' },
  { id: R.stepNotStopped, severity: 'warning', description: 'A step other than a function call was started and never stopped before the stream ended.' },
  { id: R.stopWithoutStart, severity: 'warning', description: '`step.stop` for an index no open step has (never started, or stopped already): both clients pass over it; nothing is lost.' },
  { id: R.stepStartRepeated, severity: 'warning', description: 'The same `step.start` sent again for an open step before any of its deltas: both clients keep one step.' },
  { id: R.functionCallNotStopped, severity: 'error', description: 'A `function_call` step was started and never stopped: the AI SDK emits a call only at its `step.stop`, so it never runs the tool; shown with the arguments received, as never finished.' },
  { id: R.textOutsideOutput, severity: 'error', description: 'A `text` delta in a step that is not `model_output` (a `thought`, a tool call): @google/genai shows it as text, and so does the view; the AI SDK drops it.' },
  { id: R.summaryOutsideThought, severity: 'error', description: 'A `thought_summary` delta in a step that is not `thought`: shown as thinking, as @google/genai yields it; the AI SDK drops the summary (the answer is intact).' },
  { id: R.argumentsOnStartOnly, severity: 'error', description: 'A `function_call` step gives its arguments only on its `step.start` (a non-empty `arguments` object) and streams no `arguments_delta`: @google/genai yields them and the view shows them, but the AI SDK builds a call\'s input from the deltas alone and runs the tool with `{}`.' },
  { id: R.invalidFunctionArguments, severity: 'warning', description: 'A `function_call` step\'s streamed `arguments_delta` text is not valid JSON at its `step.stop`.' },
  { id: R.requiresActionWithoutCall, severity: 'warning', description: 'The interaction completed with status `requires_action` but streamed no `function_call` step for the page to run.' },
  { id: R.incomplete, severity: 'info', description: 'The interaction completed with status `incomplete`: the answer was cut off.' },
  { id: R.continuationWithoutToken, severity: 'warning', description: 'The interaction completed with status `requires_continuation` (a long decode reached the per-request output cap) and no `continuation_token`: @google/genai cannot send the next request, and the answer ends there. With its token, `requires_continuation` is no finding: @google/genai continues with a new request.' },
  { id: R.unknownStep, severity: 'info', description: 'A step or delta `type` this version does not know; shown raw.' },
];

addFixes(interactionsRules, {
  [R.invalidJson]: 'Send each event as one JSON object per `data:` record.',
  [R.invalidEvent]: 'Give the event the fields and types the Interactions streaming reference lists (`index` on step events, `type` on deltas); the message names the field.',
  [R.unknownEvent]: 'Nothing to fix if it is a newer API event; clients should skip event types they do not know.',
  [R.failed]: 'Look at the error\'s code and message or the final status: the server reports its own failure; fix or retry the request.',
  [R.missingCreated]: 'Send `interaction.created` first in every stream.',
  [R.missingCompleted]: 'End every stream with `interaction.completed` carrying the final status and usage, also after a failure.',
  [R.eventAfterCompleted]: 'Send nothing after `interaction.completed`; start a new interaction for a new turn.',
  [R.stepNotStarted]: 'Send `step.start` for the index before its `step.delta`, and no delta after its `step.stop`.',
  [R.stepIndexReused]: 'Give each step of an interaction an index of its own, never one an earlier step used.',
  [R.stepNotStopped]: 'Send `step.stop` for each open step before `interaction.completed`.',
  [R.stopWithoutStart]: 'Send one `step.stop` per step, after its `step.start`.',
  [R.stepStartRepeated]: 'Send one `step.start` per step.',
  [R.functionCallNotStopped]: 'Send `step.stop` for each `function_call` step once its arguments are complete, before `interaction.completed`.',
  [R.textOutsideOutput]: 'Stream answer text in a `model_output` step; a `thought` step carries `thought_summary` and `thought_signature` deltas.',
  [R.argumentsOnStartOnly]: 'Start a `function_call` step with `arguments: {}` and stream the arguments as `arguments_delta` text, as the API does.',
  [R.summaryOutsideThought]: 'Stream thought summaries in a `thought` step, not in a `model_output` or tool step.',
  [R.invalidFunctionArguments]: 'Stream `arguments_delta` pieces that join to one valid JSON object by the step\'s `step.stop`.',
  [R.requiresActionWithoutCall]: 'Stream the `function_call` step the page must run before completing with `requires_action`; else complete with `completed`.',
  [R.incomplete]: 'Raise the output token limit, or shorten the input, so the answer fits.',
  [R.continuationWithoutToken]: 'Send the interaction\'s `continuation_token` with the `interaction.completed` whose status is `requires_continuation`; where generation cannot resume, complete with `incomplete`.',
  [R.unknownStep]: 'Nothing to fix if it is a newer API type; clients should show or skip step types they do not know.',
});
