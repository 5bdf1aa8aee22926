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
  invalidFunctionArguments: 'gemini-interactions/invalid-function-arguments',
  requiresActionWithoutCall: 'gemini-interactions/requires-action-without-call',
  incomplete: 'gemini-interactions/incomplete',
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
  { id: R.eventAfterCompleted, severity: 'warning', description: 'Events arrived after `interaction.completed` on the same connection.' },
  { id: R.stepNotStarted, severity: 'error', description: '`step.delta` or `step.stop` for an index no open `step.start` opened: the delta belongs to no step.' },
  { id: R.stepIndexReused, severity: 'error', description: '`step.start` for an index already used in this interaction: the client overwrites the earlier step.' },
  { id: R.stepNotStopped, severity: 'warning', description: 'A step was started and never stopped before the interaction ended.' },
  { id: R.invalidFunctionArguments, severity: 'warning', description: 'A `function_call` step\'s streamed `arguments_delta` text is not valid JSON at its `step.stop`.' },
  { id: R.requiresActionWithoutCall, severity: 'warning', description: 'The interaction completed with status `requires_action` but streamed no `function_call` step for the page to run.' },
  { id: R.incomplete, severity: 'info', description: 'The interaction completed with status `incomplete`: the answer was cut off.' },
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
  [R.stepNotStarted]: 'Send `step.start` for the index before its `step.delta` and `step.stop`.',
  [R.stepIndexReused]: 'Give each step of an interaction an index of its own, never one an earlier step used.',
  [R.stepNotStopped]: 'Send `step.stop` for each open step before `interaction.completed`.',
  [R.invalidFunctionArguments]: 'Stream `arguments_delta` pieces that join to one valid JSON object by the step\'s `step.stop`.',
  [R.requiresActionWithoutCall]: 'Stream the `function_call` step the page must run before completing with `requires_action`; else complete with `completed`.',
  [R.incomplete]: 'Raise the output token limit, or shorten the input, so the answer fits.',
  [R.unknownStep]: 'Nothing to fix if it is a newer API type; clients should show or skip step types they do not know.',
});
