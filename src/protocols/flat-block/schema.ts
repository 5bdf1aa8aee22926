// zod schemas for the flat-block protocol (spec: shared/spec/flat-block-protocol.md, sections 2–6).
// Lenient in what they accept (unknown fields pass through), so that findings, not parse failures,
// describe what is off. Types are inferred beside each schema.
import { z } from 'zod';

const Index = z.number().int().nonnegative();
const EventId = z.union([z.string(), z.number()]);

export const TextBlockSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string().optional(),
  is_part: z.boolean().optional(),
  is_final: z.boolean().optional(),
});
export const ThinkingBlockSchema = z.looseObject({ type: z.literal('thinking'), thinking: z.string().optional() });
export const ToolUseBlockSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown().optional(),
  tool_content_message: z.string().nullish(),
  parent_tool_use_id: z.string().nullish(),
});
export const ToolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.unknown().optional(),
  // The reference client paints "cancelled" red like "error"; accept it.
  status: z.enum(['success', 'error', 'cancelled']),
  tool_content_message: z.string().nullish(),
});
export const ApprovalRequestBlockSchema = z.looseObject({ type: z.literal('approval_request'), approval_key: z.string() });
export const ApprovalResultBlockSchema = z.looseObject({ type: z.literal('approval_result'), approval_key: z.string() });
export const ApprovalTimeoutBlockSchema = z.looseObject({ type: z.literal('approval_timeout'), approval_key: z.string() });

export const ContentBlockSchema = z.discriminatedUnion('type', [
  TextBlockSchema,
  ThinkingBlockSchema,
  ToolUseBlockSchema,
  ToolResultBlockSchema,
  ApprovalRequestBlockSchema,
  ApprovalResultBlockSchema,
  ApprovalTimeoutBlockSchema,
]);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;
export type ToolUseBlock = z.infer<typeof ToolUseBlockSchema>;
export type ToolResultBlock = z.infer<typeof ToolResultBlockSchema>;

const withId = { event_id: EventId.optional() };

export const MessageStartSchema = z.looseObject({
  type: z.literal('message_start'),
  message: z.looseObject({ message_type: z.string().optional() }).nullish(),
  ...withId,
});
export const ContentBlockStartSchema = z.looseObject({
  type: z.literal('content_block_start'),
  index: Index,
  content_block: ContentBlockSchema,
  ...withId,
});
export const ContentBlockDeltaSchema = z.looseObject({
  type: z.literal('content_block_delta'),
  index: Index,
  delta: z.looseObject({ text: z.string().optional(), thinking: z.string().optional() }),
  ...withId,
});
export const ContentBlockStopSchema = z.looseObject({ type: z.literal('content_block_stop'), index: Index, ...withId });
// Group markers: `index` and `message_id` are informative; only their types are checked.
export const GroupStartSchema = z.looseObject({
  type: z.literal('group_start'),
  index: Index.optional(),
  message_id: z.string().optional(),
  summary: z.string().nullish(),
  ...withId,
});
export const GroupEndSchema = z.looseObject({
  type: z.literal('group_end'),
  index: Index.optional(),
  message_id: z.string().optional(),
  summary: z.string().nullish(),
  ...withId,
});
export const MessageStopSchema = z.looseObject({ type: z.literal('message_stop'), ...withId });
export const ErrorEventSchema = z.looseObject({ type: z.literal('error'), error: z.unknown(), ...withId });

export const StreamEventSchema = z.discriminatedUnion('type', [
  MessageStartSchema,
  ContentBlockStartSchema,
  ContentBlockDeltaSchema,
  ContentBlockStopSchema,
  GroupStartSchema,
  GroupEndSchema,
  MessageStopSchema,
  ErrorEventSchema,
]);
export type StreamEvent = z.infer<typeof StreamEventSchema>;
export const STREAM_EVENT_TYPES: ReadonlySet<string> = new Set(StreamEventSchema.options.map((o) => o.shape.type.value));

// Section 4: the approval_request delta.
export const ActionRequestSchema = z.looseObject({ name: z.string(), args: z.unknown().optional() });
export const ReviewConfigSchema = z.looseObject({ action_name: z.string(), allowed_decisions: z.array(z.string()) });
export const ApprovalDeltaSchema = z.looseObject({
  action_requests: z.array(ActionRequestSchema).optional(),
  review_configs: z.array(ReviewConfigSchema).optional(),
  timeout_seconds: z.number().nonnegative().optional(),
});
export type ApprovalDelta = z.infer<typeof ApprovalDeltaSchema>;

// Client frames (page to server).
export const DecisionSchema = z.union([z.string(), z.looseObject({ type: z.string() })]);
export const ApprovalReplySchema = z.looseObject({
  type: z.literal('approval'),
  session_id: z.string().optional(),
  approval_key: z.string(),
  decisions: z.array(DecisionSchema).optional(),
  answers: z.record(z.string(), z.string()).optional(),
});
export type ApprovalReply = z.infer<typeof ApprovalReplySchema>;
export const SubscriptionSchema = z.looseObject({ last_event_id: EventId, session_id: z.string().optional() });

// Section 6: History API.
export const HistoryToolCallSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  input: z.unknown().optional(),
  args: z.unknown().optional(),
  tool_content_message: z.string().nullish(),
  parent_tool_use_id: z.string().nullish(),
});
export const DisplayTypeSchema = z.enum(['content', 'group_start', 'group_item', 'group_end']);
export const HistoryMessageSchema = z.looseObject({
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]).nullish(),
  tool_calls: z.array(HistoryToolCallSchema).nullish(),
  tool_call_id: z.string().nullish(),
  name: z.string().nullish(),
  status: z.string().nullish(),
  tool_content_message: z.string().nullish(),
  message_type: z.string().nullish(),
  // Missing is read as "content": seed 002 shows messages without it.
  display_type: DisplayTypeSchema.optional(),
  summary: z.string().nullish(),
  group_closed: z.boolean().nullish(),
});
export type HistoryMessage = z.infer<typeof HistoryMessageSchema>;
export const TodoSchema = z.looseObject({ content: z.string(), activeForm: z.string(), status: z.string() });
export const HistoryResponseSchema = z.looseObject({
  messages: z.array(z.unknown()),
  last_event_id: EventId.nullish(),
  agent_status: z.string().nullish(),
  pending_approval: z.unknown().optional(),
  workspace: z.looseObject({ todos: z.array(z.unknown()).nullish() }).nullish(),
});
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;

/** The first issue of a failed parse, as `path: message`, for finding messages. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.length > 0 ? issue.path.join('.') : '(root)';
  return `${path}: ${issue.message}`;
}
