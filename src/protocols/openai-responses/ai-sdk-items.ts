// The output items the AI SDK's OpenAI provider (`@ai-sdk/openai` 4, openaiResponsesChunkSchema) validates
// in output_item.added and output_item.done, mirrored by hand for the item types the fold shows (ai-sdk-schema.ts
// holds the events). Its done schemas ask for more than its added ones, and more than openai-node's types
// promise (an image generation's `result` may be null there): a function call's `status`, a custom tool
// call's `status: "completed"`, a file search's `queries`, an image's `result`. An item that fails ends
// the provider's stream with an error.
import { z } from 'zod';

const str = z.string().nullish();

/** The statuses the provider's done schema allows a function call (also the fast path's, ai-sdk-schema.ts). */
export const DONE_CALL_STATUSES = ['in_progress', 'completed', 'incomplete'] as const;

const codeOutputs = z.array(z.discriminatedUnion('type', [z.looseObject({ type: z.literal('logs'), logs: z.string() }), z.looseObject({ type: z.literal('image'), url: z.string() })])).nullable();
const toolSearchExecution = z.enum(['server', 'client']);
const mcpError = z.union([z.string(), z.looseObject({ type: z.string().optional(), code: z.union([z.number(), z.string()]).optional(), message: z.string().optional() })]);

/** Both events: what output_item.added checks, and the base of what output_item.done checks. */
const SHARED: Readonly<Record<string, z.ZodObject>> = {
  message: z.looseObject({ id: z.string(), phase: z.enum(['commentary', 'final_answer']).nullish() }),
  reasoning: z.looseObject({ id: z.string(), encrypted_content: str }),
  function_call: z.looseObject({ id: z.string(), call_id: z.string(), name: z.string(), arguments: z.string() }),
  custom_tool_call: z.looseObject({ id: z.string(), call_id: z.string(), name: z.string(), input: z.string() }),
  web_search_call: z.looseObject({ id: z.string() }),
  file_search_call: z.looseObject({ id: z.string() }),
  image_generation_call: z.looseObject({ id: z.string() }),
  code_interpreter_call: z.looseObject({ id: z.string(), container_id: z.string(), code: z.string().nullable(), outputs: codeOutputs }),
  mcp_call: z.looseObject({ id: z.string(), status: z.string(), approval_request_id: str }),
  mcp_list_tools: z.looseObject({ id: z.string() }),
  mcp_approval_request: z.looseObject({ id: z.string() }),
  compaction: z.looseObject({ id: z.string(), encrypted_content: str }),
  program: z.looseObject({ id: z.string(), call_id: z.string(), code: z.string(), fingerprint: z.string() }),
  program_output: z.looseObject({ id: z.string(), call_id: z.string(), result: z.string(), status: z.enum(['completed', 'incomplete']) }),
  tool_search_call: z.looseObject({ id: z.string(), execution: toolSearchExecution, call_id: z.string().nullable(), status: z.enum(DONE_CALL_STATUSES), arguments: z.unknown() }),
  tool_search_output: z.looseObject({ id: z.string(), execution: toolSearchExecution, call_id: z.string().nullable(), status: z.enum(DONE_CALL_STATUSES), tools: z.array(z.record(z.string(), z.unknown())) }),
};

export const ADDED_ITEMS: Readonly<Record<string, z.ZodType>> = {
  ...SHARED,
  web_search_call: SHARED.web_search_call!.extend({ status: z.string() }),
  code_interpreter_call: SHARED.code_interpreter_call!.extend({ status: z.string() }),
};

const searchAction = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('search'), query: str, queries: z.array(z.string()).nullish(), sources: z.array(z.discriminatedUnion('type', [z.looseObject({ type: z.literal('url'), url: z.string() }), z.looseObject({ type: z.literal('api'), name: z.string() })])).nullish() }),
  z.looseObject({ type: z.literal('open_page'), url: str }),
  z.looseObject({ type: z.literal('find_in_page'), url: str, pattern: str }),
]);
const fileResult = z.looseObject({ attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])), file_id: z.string(), filename: z.string(), score: z.number(), text: z.string() });

export const DONE_ITEMS: Readonly<Record<string, z.ZodType>> = {
  ...SHARED,
  function_call: SHARED.function_call!.extend({ status: z.enum(DONE_CALL_STATUSES) }),
  custom_tool_call: SHARED.custom_tool_call!.extend({ status: z.literal('completed') }),
  web_search_call: SHARED.web_search_call!.extend({ status: z.string(), action: searchAction.nullish() }),
  file_search_call: SHARED.file_search_call!.extend({ queries: z.array(z.string()), results: z.array(fileResult).nullish() }),
  image_generation_call: SHARED.image_generation_call!.extend({ result: z.string() }),
  code_interpreter_call: SHARED.code_interpreter_call!,
  mcp_call: SHARED.mcp_call!.extend({ arguments: z.string(), name: z.string(), server_label: z.string(), output: str, error: mcpError.nullish() }),
  mcp_list_tools: SHARED.mcp_list_tools!.extend({ server_label: z.string(), tools: z.array(z.looseObject({ name: z.string(), description: z.string().optional(), annotations: z.record(z.string(), z.unknown()).optional() })), error: mcpError.optional() }),
  mcp_approval_request: SHARED.mcp_approval_request!.extend({ server_label: z.string(), name: z.string(), arguments: z.string(), approval_request_id: z.string().optional() }),
  compaction: SHARED.compaction!.extend({ encrypted_content: z.string() }),
};
