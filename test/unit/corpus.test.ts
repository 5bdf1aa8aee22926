// Every real recording in the shared corpus (../shared/corpus, all folders, and ../shared/corpus-pending,
// the recordings of the protocols added later) goes through the readers and
// the session pipeline as `check` reads a file, and gets the verdict written here for it. The verdicts
// were judged by reading each recording (see the corpus README for where each comes from), not taken
// from this code's output:
// - clean: no error and no warning (info findings are allowed: new block types, provider quirks);
// - broken: exactly these error / warning rules (the recording is wrong, on purpose or by editing);
// - reports-failure: a well-formed stream saying its turn failed, graded by the protocol's one
//   warning rule and shown as a failed turn;
// - rejected: a real stream that the newest official client throws on (run in its agreement test),
//   though older ones read it: exactly these error rules, whose messages name the versions that throw.
// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/readers/read-input';
import { splitSessions } from '../../src/analysis/sessions';
import { protocols } from '../../src/protocols/registry';
import type { ProtocolId } from '../../src/protocols/types';
import { CORPUS_DIR, HAS_CORPUS, HAS_PENDING, needsShared, PENDING_DIR } from '../support/shared-dir';
import { FAILURE_RULE } from '../support/failure-rules';

type Verdict = { kind: 'clean' } | { kind: 'broken'; rules: string[] } | { kind: 'reports-failure' } | { kind: 'rejected'; rules: string[] } | { kind: 'older-clients-throw'; rules: string[] };

const AGUI: ProtocolId = 'ag-ui';
const ANTHROPIC: ProtocolId = 'anthropic';
const CHAT: ProtocolId = 'openai-chat';
const RESPONSES: ProtocolId = 'openai-responses';
const GEMINI: ProtocolId = 'gemini';
const INTERACTIONS: ProtocolId = 'gemini-interactions';
const COHERE: ProtocolId = 'cohere';
const CLEAN: Verdict = { kind: 'clean' };
const REPORTS_FAILURE: Verdict = { kind: 'reports-failure' };
const broken = (...rules: string[]): Verdict => ({ kind: 'broken', rules });
const rejected = (...rules: string[]): Verdict => ({ kind: 'rejected', rules });
/** The current client reads it and older releases throw: a warning naming the releases (and any other rules given). */
const olderClientsThrow = (...rules: string[]): Verdict => ({ kind: 'older-clients-throw', rules: ['openai-responses/version-specific-event', ...rules] });

/**
 * Why the non-clean ones are judged so:
 * - ag-ui/dart/events.json holds the Dart SDK's scenarios, some wrong on purpose: error_handling sends
 *   RUN_FINISHED after RUN_ERROR, reasoning_events starts a reasoning message twice (a chunk after its
 *   START), thinking_text_message_legacy opens a thinking message outside a thinking step,
 *   messages_snapshot starts an assistant message with a user message's id.
 * - ag-ui/dart/sse_streams.txt is several streams and fragments in one body, with malformed records.
 * - anthropic/incomplete_partial_json_response.sse is cut on purpose (a tool block never stopped).
 * - anthropic_duplicate-message-start / anthropic_spliced-message-start: a message_start inside an
 *   unfinished message, on purpose.
 * - openai-custom-tool has no sequence numbers and no custom_tool_call_input.done (written by hand).
 * - openai-shell-container: the text deltas do not add up to the done text.
 * - openai-shell-*: the shell tool's command and output events, which openai 6 and 7 before 7.5 throw
 *   on ("Unhandled response stream event"); openai ≥ 7.5 and the AI SDK read them.
 * - parallel-tool-call-wrapper: two lines are not JSON in the source itself (README).
 * - openai-error: the quota error event and response.failed, i.e. the stream reporting its failure.
 * - mistral-tool-call: a tool call without `index`; openai ≥ 7.5 throws "invalid tool call index"
 *   (openai 6 finished without the call).
 * - github-copilot-id-rotation: the proxy gives every lifecycle event a new response id and every item
 *   event a new item_id; openai ≥ 7.33 throws "Lifecycle response identity changed" and ≥ 7.6
 *   "expected item_id" (openai 6 read it by output_index).
 */
const EXPECTED: Record<string, [ProtocolId, Verdict]> = {
  'ag-ui/dart/events.json': [AGUI, broken('agui/event-after-run-error', 'agui/second-terminal-event', 'agui/run-error', 'agui/reasoning-message-already-active', 'agui/thinking-message-outside-step', 'agui/message-id-collision')],
  'ag-ui/dart/sse_streams.txt': [AGUI, broken('agui/event-after-run-finished', 'agui/invalid-json', 'agui/schema-violation')],
  'ag-ui/dotnet-server/MixedToolInvocationIntegration__MixedInvocation_TwoTurnFlow_EmitsToolCallsThenServerResults__Turn_01.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/MixedToolInvocationIntegration__MixedInvocation_TwoTurnFlow_EmitsToolCallsThenServerResults__Turn_02.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step01_GettingStarted__PostRun_MultiTurn_SynthesizesAssistantMessages__Turn_01.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step01_GettingStarted__PostRun_MultiTurn_SynthesizesAssistantMessages__Turn_02.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step02_BackendTools__PostRun_WithBackendToolCall_InvokesToolAndStreamsResult__Turn_01.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step03_FrontendTools__PostRun_WithFrontendToolCall_InvokesToolLocallyAndStreamsResult__Turn_01.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step03_FrontendTools__PostRun_WithFrontendToolCall_InvokesToolLocallyAndStreamsResult__Turn_02.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step04_HumanInLoop__PostRun_WithApprovalRequired_RoundTripsThroughBothWrappers__Turn_01.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step04_HumanInLoop__PostRun_WithApprovalRequired_RoundTripsThroughBothWrappers__Turn_02.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step05_StateManagement__PostRun_WithState_EmitsStateSnapshotAndSummary__Turn_01.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step06_RawEvents__PostRun_ForwardsLlmUsageAsRawEvents__Turn_01.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step07_ThinkingEvents__PostRun_WithReasoningContent_EmitsReasoningAndTextEvents__Turn_01.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step08_MultimodalMessages__PostRun_WithImageUrl_DescribesImage__Turn_01.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step09_InterruptsApproval__PostRun_DeleteRequest_EmitsInterruptThenResumes__Turn_01.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step09_InterruptsApproval__PostRun_DeleteRequest_EmitsInterruptThenResumes__Turn_02.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step10_InterruptsUserInput__PostRun_SetupRequest_EmitsInputInterruptThenResumes__Turn_01.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step10_InterruptsUserInput__PostRun_SetupRequest_EmitsInputInterruptThenResumes__Turn_02.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step11_Serialization__PostRun_EventsSerializeAndDeserializeRoundTrip__Turn_01.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step11_Serialization__PostRun_EventsSerializeAndDeserializeRoundTrip__Turn_02.06.json': [AGUI, CLEAN],
  'ag-ui/dotnet-server/Step12_ParallelToolCalls__PostRun_WithParallelToolCalls_InvokesBothToolsAndStreamsResults__Turn_01.06.json': [AGUI, CLEAN],
  'anthropic/basic_response.sse': [ANTHROPIC, CLEAN],
  'anthropic/incomplete_partial_json_response.sse': [ANTHROPIC, broken('anthropic/invalid-tool-json', 'anthropic/block-not-stopped')],
  'anthropic/stream-a-refusal.sse': [ANTHROPIC, CLEAN],
  'anthropic/stream-a-toolrefusal.sse': [ANTHROPIC, CLEAN],
  'anthropic/stream-b-fallback.sse': [ANTHROPIC, CLEAN],
  'anthropic/tool_use_response.sse': [ANTHROPIC, CLEAN],
  'vercel-ai/alibaba_alibaba-reasoning.jsonl': [CHAT, CLEAN],
  'vercel-ai/alibaba_alibaba-text.jsonl': [CHAT, CLEAN],
  'vercel-ai/alibaba_alibaba-tool-call.jsonl': [CHAT, CLEAN],
  'vercel-ai/anthropic_anthropic-advisor-20250301.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-advisor-stop-reasons.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-clear-thinking.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-clear-tool-uses.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-code-execution-20250825.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-code-execution-20250825.2.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-code-execution-20250825.pptx-skill.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-code-execution-20260120-prompt-cache.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-code-execution-file-upload.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-combined-context-editing.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-compaction.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-fallback.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-json-other-tool.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-json-output-format.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-json-tool.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-json-tool.2.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-mcp.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-message-delta-input-tokens.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-programmatic-tool-calling.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-refusal.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-text.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-tool-no-args.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-tool-search-bm25.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-tool-search-deferred-bm25.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-tool-search-deferred-regex.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-tool-search-regex.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-web-fetch-tool-20260209.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-web-fetch-tool.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_anthropic-web-search-tool.1.jsonl': [ANTHROPIC, CLEAN],
  'vercel-ai/anthropic_duplicate-message-start.jsonl': [ANTHROPIC, broken('anthropic/duplicate-message-start')],
  'vercel-ai/anthropic_spliced-message-start.jsonl': [ANTHROPIC, broken('anthropic/duplicate-message-start', 'anthropic/block-index-out-of-order', 'anthropic/invalid-tool-json', 'anthropic/block-not-stopped')],
  'vercel-ai/azure_azure-code-interpreter-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/azure_azure-deepseek-reasoning.1.jsonl': [CHAT, CLEAN],
  'vercel-ai/azure_azure-image-generation-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/azure_azure-reasoning-encrypted-content.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/azure_azure-text.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/azure_azure-tool-call.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/azure_azure-web-search-preview-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/azure_openai-file-search-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/azure_openai-file-search-tool.2.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/deepseek_chat_deepseek-reasoning.jsonl': [CHAT, CLEAN],
  'vercel-ai/deepseek_chat_deepseek-text.jsonl': [CHAT, CLEAN],
  'vercel-ai/deepseek_chat_deepseek-tool-call.jsonl': [CHAT, CLEAN],
  'vercel-ai/groq_groq-reasoning.jsonl': [CHAT, CLEAN],
  'vercel-ai/groq_groq-text.jsonl': [CHAT, CLEAN],
  'vercel-ai/groq_groq-tool-call.jsonl': [CHAT, CLEAN],
  'vercel-ai/mistral_mistral-incremental-tool-call.jsonl': [CHAT, CLEAN],
  'vercel-ai/mistral_mistral-reasoning.jsonl': [CHAT, CLEAN],
  'vercel-ai/mistral_mistral-text.jsonl': [CHAT, CLEAN],
  'vercel-ai/mistral_mistral-tool-call.jsonl': [CHAT, rejected('openai-chat/tool-call-index-missing')],
  'vercel-ai/moonshotai_moonshotai-stream.jsonl': [CHAT, CLEAN],
  'vercel-ai/open-responses_responses_lmstudio-basic.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/open-responses_responses_lmstudio-tool-call.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/open-responses_responses_lmstudio-tool-call.2.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/open-responses_responses_openai-pdf-input-file.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai-compatible_chat_xai-text.jsonl': [CHAT, CLEAN],
  'vercel-ai/openai-compatible_chat_xai-tool-call.jsonl': [CHAT, CLEAN],
  'vercel-ai/openai_chat_azure-model-router.1.jsonl': [CHAT, CLEAN],
  'vercel-ai/openai_chat_openai-text.jsonl': [CHAT, CLEAN],
  'vercel-ai/openai_responses_github-copilot-id-rotation.1.jsonl': [RESPONSES, rejected('openai-responses/response-id-changed', 'openai-responses/item-id-changed')],
  'vercel-ai/openai_responses_openai-apply-patch-tool-delete.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-apply-patch-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-client-tool-search.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-client-tool-search.2.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-code-interpreter-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-compaction.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-custom-tool.1.jsonl': [RESPONSES, broken('openai-responses/missing-sequence-number', 'openai-responses/lifecycle-order')],
  'vercel-ai/openai_responses_openai-error.1.jsonl': [RESPONSES, REPORTS_FAILURE],
  'vercel-ai/openai_responses_openai-file-search-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-file-search-tool.2.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-image-generation-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-local-shell-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-mcp-tool-approval.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-mcp-tool-approval.2.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-mcp-tool-approval.3.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-mcp-tool-approval.4.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-mcp-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-phase.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-reasoning-encrypted-content.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-shell-container-multiturn.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-shell-container.1.jsonl': [RESPONSES, olderClientsThrow('openai-responses/done-mismatch')],
  'vercel-ai/openai_responses_openai-shell-local-multiturn.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-shell-skills.1.jsonl': [RESPONSES, olderClientsThrow()],
  'vercel-ai/openai_responses_openai-shell-tool.1.jsonl': [RESPONSES, olderClientsThrow()],
  'vercel-ai/openai_responses_openai-tool-search.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_openai-web-search-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_parallel-tool-call-wrapper.1.jsonl': [RESPONSES, broken('openai-responses/invalid-json', 'openai-responses/first-event-not-created', 'openai-responses/missing-sequence-number', 'openai-responses/incomplete-stream')],
  'vercel-ai/openai_responses_programmatic-tool-calling.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_programmatic-tool-calling.2.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/openai_responses_programmatic-tool-calling.3.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/xai_responses_xai-image-generation-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/xai_responses_xai-text-streaming.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/xai_responses_xai-text-with-reasoning-streaming-store-false.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/xai_responses_xai-text-with-reasoning-streaming.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/xai_responses_xai-web-search-tool.1.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/xai_responses_xai-x-search-tool.jsonl': [RESPONSES, CLEAN],
  'vercel-ai/xai_xai-text.jsonl': [CHAT, CLEAN],
  'vercel-ai/xai_xai-tool-call.jsonl': [CHAT, CLEAN],
};

/**
 * ../shared/corpus-pending: vercel/ai's Gemini, Gemini Interactions, Cohere and Perplexity fixtures, each
 * read and judged valid. Worth knowing when reading them:
 * - google-stream-tool-call-array-arguments-missing-terminal-function-call streams a call's arguments as
 *   partialArgs and never sends the empty `functionCall: {}` that usually closes it: its last piece has
 *   no `willContinue`, which closes the call by itself (the AI SDK reads it so), so the call is complete.
 * - google-stream-no-args-tool-call: `read_theme` comes whole with no args; three `read_screen` calls are
 *   streamed one after another, each closed by an empty functionCall.
 * - google_interactions_google-search: the search call and result steps come after the text step that
 *   cites them; the stateless turns carry an empty interaction id. Both are what the API sends.
 * - cohere-empty-tool-call: a tool call whose arguments stay "" (a tool without parameters, read as {}).
 * - perplexity: OpenAI Chat chunks with `citations` on every chunk and `object: "chat.completion.done"`
 *   on the last; the `created` tick is the usual provider quirk (info).
 */
const PENDING: Record<string, [ProtocolId, Verdict]> = {
  'vercel-ai/cohere_cohere-empty-tool-call.jsonl': [COHERE, CLEAN],
  'vercel-ai/cohere_cohere-reasoning.jsonl': [COHERE, CLEAN],
  'vercel-ai/cohere_cohere-text.jsonl': [COHERE, CLEAN],
  'vercel-ai/cohere_cohere-tool-call.jsonl': [COHERE, CLEAN],
  'vercel-ai/google_google-reasoning-gemini3.jsonl': [GEMINI, CLEAN],
  'vercel-ai/google_google-reasoning.jsonl': [GEMINI, CLEAN],
  'vercel-ai/google_google-stream-no-args-tool-call.jsonl': [GEMINI, CLEAN],
  'vercel-ai/google_google-stream-tool-call-arguments.jsonl': [GEMINI, CLEAN],
  'vercel-ai/google_google-stream-tool-call-array-arguments-missing-terminal-function-call.jsonl': [GEMINI, CLEAN],
  'vercel-ai/google_google-text.jsonl': [GEMINI, CLEAN],
  'vercel-ai/google_google-tool-call-gemini3.jsonl': [GEMINI, CLEAN],
  'vercel-ai/google_google-tool-call.jsonl': [GEMINI, CLEAN],
  'vercel-ai/google_google-vertex-stream-tool-call-arguments-nested.1.jsonl': [GEMINI, CLEAN],
  'vercel-ai/google_interactions_basic.jsonl': [INTERACTIONS, CLEAN],
  'vercel-ai/google_interactions_google-search.jsonl': [INTERACTIONS, CLEAN],
  'vercel-ai/google_interactions_multi-turn-stateful-turn1.jsonl': [INTERACTIONS, CLEAN],
  'vercel-ai/google_interactions_multi-turn-stateful-turn2.jsonl': [INTERACTIONS, CLEAN],
  'vercel-ai/google_interactions_multi-turn-stateless-turn1.jsonl': [INTERACTIONS, CLEAN],
  'vercel-ai/google_interactions_multi-turn-stateless-turn2.jsonl': [INTERACTIONS, CLEAN],
  'vercel-ai/google_interactions_tool-call-step1.jsonl': [INTERACTIONS, CLEAN],
  'vercel-ai/google_interactions_tool-call-step2.jsonl': [INTERACTIONS, CLEAN],
  'vercel-ai/perplexity_perplexity-citations.jsonl': [CHAT, CLEAN],
  'vercel-ai/perplexity_perplexity-text.jsonl': [CHAT, CLEAN],
};

function files(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full, root) : name === 'README.md' ? [] : [path.relative(root, full).split(path.sep).join('/')];
  });
}

function check(file: string, root = CORPUS_DIR) {
  const sessions = splitSessions(readInput(readFileSync(path.join(root, file), 'utf8')).capture, protocols);
  const findings = sessions.flatMap((s) => s.pipeline.findings());
  return {
    protocols: [...new Set(sessions.map((s) => s.pipeline.protocol))],
    findings,
    serious: [...new Set(findings.filter((f) => f.severity !== 'info').map((f) => f.rule))].sort(),
    views: sessions.map((s) => s.pipeline.view()),
  };
}

describe.skipIf(!HAS_CORPUS)(needsShared('the real corpus is judged right'), () => {
  const present = HAS_CORPUS ? files(CORPUS_DIR).sort() : [];

  it('has a verdict for every recording, and every verdict names a recording', () => {
    expect(present).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(present)('%s', (file) => judge(file, EXPECTED, CORPUS_DIR));

  it('counts: recordings by verdict', () => {
    const counts = { clean: 0, broken: 0, 'reports-failure': 0, rejected: 0, 'older-clients-throw': 0 };
    for (const [, verdict] of Object.values(EXPECTED)) counts[verdict.kind]++;
    expect(counts).toEqual({ clean: 116, broken: 7, 'reports-failure': 1, rejected: 2, 'older-clients-throw': 3 });
  });
});

function judge(file: string, expected: Record<string, [ProtocolId, Verdict]>, root: string): void {
  const [protocol, verdict] = expected[file] ?? [undefined, undefined];
  const result = check(file, root);
  expect(result.protocols).toEqual([protocol]);
  // Every finding points at a frame of the file.
  expect(result.findings.filter((f) => f.frames.length === 0)).toEqual([]);
  if (verdict?.kind === 'clean') expect(result.serious).toEqual([]);
  if (verdict?.kind === 'broken') expect(result.serious).toEqual([...verdict.rules].sort());
  if (verdict?.kind === 'rejected') {
    expect(result.serious).toEqual([...verdict.rules].sort());
    const named = result.findings.filter((f) => verdict.rules.includes(f.rule));
    expect(named.every((f) => f.severity === 'error' && /openai ≥ 7\.\d+ throws/.test(f.message))).toBe(true);
  }
  if (verdict?.kind === 'older-clients-throw') {
    expect(result.serious).toEqual([...verdict.rules].sort());
    const named = result.findings.filter((f) => f.rule === verdict.rules[0]);
    expect(named.every((f) => f.severity === 'warning' && /openai ≥ 7\.\d+ reads it; openai 6 and 7 before 7\.\d+ throw/.test(f.message))).toBe(true);
  }
  if (verdict?.kind === 'reports-failure') {
    const rule = protocol && FAILURE_RULE[protocol];
    expect(result.serious).toEqual([rule]);
    expect(result.findings.filter((f) => f.rule === rule).every((f) => f.severity === 'warning')).toBe(true);
    expect(result.views.some((v) => v.items.some((i) => i.kind === 'error'))).toBe(true);
  }
}

describe.skipIf(!HAS_PENDING)(needsShared('the recordings of the protocols added later are judged right', HAS_PENDING, 'corpus-pending'), () => {
  const present = HAS_PENDING ? files(PENDING_DIR).sort() : [];

  it('has a verdict for every recording, and every verdict names a recording', () => {
    expect(present).toEqual(Object.keys(PENDING).sort());
  });

  it.each(present)('%s', (file) => {
    judge(file, PENDING, PENDING_DIR);
    // Each shows its answer: a text or a tool call.
    expect(check(file, PENDING_DIR).views.some((v) => v.items.some((i) => i.kind === 'text' || i.kind === 'tool'))).toBe(true);
  });

  it('reads each with the protocol it was recorded in: 9 Gemini, 8 Gemini Interactions, 4 Cohere, 2 Perplexity (OpenAI Chat)', () => {
    const counts: Record<string, number> = {};
    for (const [protocol] of Object.values(PENDING)) counts[protocol] = (counts[protocol] ?? 0) + 1;
    expect(counts).toEqual({ gemini: 9, 'gemini-interactions': 8, cohere: 4, 'openai-chat': 2 });
  });
});
