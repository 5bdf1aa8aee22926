// Every rule the AG-UI fold can report, graded by docs/severity-policy.md: an `error` is a stream the
// reference client (@ag-ui/client) rejects or shows wrong, a `warning` is what the spec or docs call
// wrong although clients tolerate it (or a run reporting its own failure), an `info` is worth showing.
import type { RuleMeta, Severity } from '../../model/finding';

const RULES = {
  // Framing and schema: the client parses every data block and validates it against EventSchemas.
  'invalid-json': ['error', 'A frame is not JSON; the client JSON.parse fails and the whole stream errors.'],
  'not-an-event': ['error', 'A frame is JSON but not an object with a string `type`.'],
  'unknown-event-type': ['info', 'The `type` is not an AG-UI event type this version knows; @ag-ui/client 1.0 drops it (clients before 1.0 failed the stream).'],
  'schema-violation': ['error', 'An event does not match its schema in @ag-ui/core (missing or mistyped field).'],
  'unknown-property': ['warning', 'An event carries a property the protocol does not describe; a 1.1 consumer strips it with a warning naming its path and applies the rest.'],
  'unknown-member': ['warning', 'An outcome, content part, JSON Patch op or enum value this version does not know; a 1.1 consumer strips it (an optional field, a list element, or the value holding it) with a warning and applies the rest.'],
  'protocol-version-newer': ['warning', 'RUN_STARTED declares a protocolVersion newer than the 1.1 this inspector speaks; a consumer proceeds and warns.'],
  'protocol-version-uninterpretable': ['warning', 'RUN_STARTED declares a protocolVersion that is not a MAJOR.MINOR identifier; a consumer proceeds as for a newer one and warns.'],
  'null-field': ['warning', 'A field is sent as null where the producer should leave it out.'],
  'reserved-metadata-key': ['warning', 'An event uses the reserved metadata key "ag-ui".'],
  'crlf-framing': ['warning', 'The SSE body is CRLF-framed; the TS client splits records only on "\\n\\n".'],
  'deprecated-thinking-event': ['info', 'A deprecated THINKING_* event; it is converted to REASONING_* or removed in 1.0.'],
  // verifyEvents (run lifecycle and open/close pairing).
  'event-after-run-error': ['error', 'An event other than RUN_STARTED follows RUN_ERROR.'],
  'event-after-run-finished': ['error', 'An event other than RUN_STARTED or RUN_ERROR follows RUN_FINISHED.'],
  'first-event-not-run-started': ['error', 'The first event is neither RUN_STARTED nor RUN_ERROR.'],
  'run-started-while-active': ['error', 'RUN_STARTED arrives while a run is still active.'],
  'text-message-already-active': ['error', 'TEXT_MESSAGE_START names a messageId that is already open.'],
  'text-message-not-active': ['error', 'TEXT_MESSAGE_CONTENT or TEXT_MESSAGE_END names a messageId that is not open.'],
  'tool-call-already-active': ['error', 'TOOL_CALL_START names a toolCallId that is already open.'],
  'tool-call-not-active': ['error', 'TOOL_CALL_ARGS or TOOL_CALL_END names a toolCallId that is not open.'],
  'step-already-active': ['error', 'STEP_STARTED names a step that is already active.'],
  'step-not-started': ['error', 'STEP_FINISHED names a step that was not started (its name must match STEP_STARTED).'],
  'reasoning-already-active': ['error', 'REASONING_START names a reasoning span that is already open.'],
  'reasoning-not-active': ['error', 'REASONING_END names a reasoning span that is not open.'],
  'reasoning-message-already-active': ['error', 'REASONING_MESSAGE_START names a reasoning message that is already open.'],
  'reasoning-message-not-active': ['error', 'REASONING_MESSAGE_CONTENT or _END names a reasoning message that is not open.'],
  'run-finished-with-open-items': ['error', 'RUN_FINISHED arrives while steps, messages, reasoning or tool calls are open.'],
  'thinking-step-already-active': ['error', 'THINKING_START arrives while a thinking step is active.'],
  'thinking-step-not-active': ['error', 'THINKING_END arrives with no thinking step active.'],
  'thinking-message-outside-step': ['error', 'THINKING_TEXT_MESSAGE_START arrives with no thinking step active.'],
  'thinking-message-already-active': ['error', 'THINKING_TEXT_MESSAGE_START arrives while a thinking message is active.'],
  'thinking-message-not-active': ['error', 'THINKING_TEXT_MESSAGE_CONTENT or _END arrives with no thinking message active.'],
  'subagent-already-active': ['error', 'SUBAGENT_STARTED names a subagent run that is active or already finished.'],
  'subagent-not-active': ['error', 'SUBAGENT_FINISHED or SUBAGENT_ERROR names a subagent run that is not active.'],
  'subagent-attribution-mismatch': ['error', 'A continuation (content, args, end, delta) carries a subagentRunId that differs from its opener\'s; the client rejects it.'],
  // transformChunks.
  'chunk-missing-id': ['error', 'The first chunk of a message or tool call has no messageId / toolCallId.'],
  'chunk-missing-tool-name': ['error', 'The first TOOL_CALL_CHUNK of a tool call has no toolCallName.'],
  'chunk-field-mismatch': ['error', 'A continuing chunk changes the role, name, toolCallName or parentMessageId of its stream.'],
  'reasoning-chunk-empty-delta': ['info', 'An empty REASONING_MESSAGE_CHUNK delta: the docs say it closes the message, the TS client does not.'],
  // defaultApplyEvents soft violations (the client logs and carries on).
  'delta-target-missing': ['warning', 'A content, args or end event names a message or tool call the client no longer holds.'],
  'message-id-collision': ['warning', 'A START event reuses the id of a message of another kind (activity, user, tool...).'],
  'tool-call-name-changed': ['warning', 'TOOL_CALL_START repeats a toolCallId with a different toolCallName.'],
  'tool-parent-not-assistant': ['warning', 'TOOL_CALL_START names a parentMessageId whose message is not an assistant message.'],
  'tool-result-unknown-call': ['warning', 'TOOL_CALL_RESULT names a toolCallId never seen in this thread (judged only when the thread\'s history was seen).'],
  'state-patch-failed': ['warning', 'A STATE_DELTA patch cannot be applied; the client keeps the old state.'],
  'activity-delta-failed': ['warning', 'ACTIVITY_DELTA targets a missing or non-activity message, or its patch fails.'],
  // Advisory rules from the docs.
  'reasoning-message-outside-reasoning': ['warning', 'A reasoning message is not nested in a REASONING_START/END span with its id.'],
  'reasoning-not-ended': ['warning', 'The input ends with a REASONING_START never matched by REASONING_END.'],
  'step-finished-out-of-order': ['warning', 'STEP_FINISHED closes an outer step while a step started after it is still active.'],
  'tool-result-before-end': ['warning', 'TOOL_CALL_RESULT arrives before the TOOL_CALL_END of its tool call.'],
  'tool-args-invalid-json': ['warning', 'The streamed tool arguments do not parse as JSON by TOOL_CALL_END.'],
  'empty-delta': ['warning', 'A TEXT_MESSAGE_CONTENT or REASONING_MESSAGE_CONTENT delta is empty (rejected before 0.0.49).'],
  'interrupt-missing-tool-call-id': ['warning', 'An interrupt with reason "tool_call" has no toolCallId.'],
  'interrupt-not-resumed': ['warning', 'A request after an interrupt does not resume every open interrupt id.'],
  'second-terminal-event': ['warning', 'A run already ended gets another RUN_FINISHED or RUN_ERROR (one terminal per run).'],
  'run-error': ['warning', 'The stream reports its own failure: RUN_ERROR (or SUBAGENT_ERROR for a subagent run).'],
  'run-not-finished': ['warning', 'The input ends while a run is still active (no RUN_FINISHED or RUN_ERROR).'],
  'closed-before-run-finished': ['error', 'The connection closed while a run was still active.'],
} as const satisfies Record<string, readonly [Severity, string]>;

export type AguiRuleName = keyof typeof RULES;

export const aguiRules: readonly RuleMeta[] = Object.entries(RULES).map(([name, [severity, description]]) => ({
  id: `agui/${name}`,
  severity,
  description,
}));

/** The full id of a rule; typed so the fold cannot report a rule that is not in the catalogue. */
export function ruleId(name: AguiRuleName): string {
  return `agui/${name}`;
}
