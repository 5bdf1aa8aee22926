// The page's side of an AG-UI frontend tool loop: a run that started tool calls and gave them no
// TOOL_CALL_RESULT must be followed by a run of the same thread whose new messages hold an assistant
// message with those `toolCalls` unchanged and one `tool` message (`toolCallId`) per call.
import { z } from 'zod';
import { isRecord } from '../../protocols/shared/view-helpers';
import { callDifference, checkResults, type FollowUp, type LoopProtocol, type ResultSeen } from './loop';
import { AGUI_LOOP_RULES as R } from './rules';

const ToolCallSchema = z.looseObject({ id: z.string(), function: z.looseObject({ name: z.unknown().optional(), arguments: z.unknown().optional() }).nullish() });

export const agUiLoop: LoopProtocol = {
  rules: R,
  asksForTools: (answer) => answer.finishReason === 'finished' && answer.toolCalls.length > 0,
  askedWith: 'frontend tool calls without TOOL_CALL_RESULT',
  checkFollowUp,
};

function checkFollowUp(followUp: FollowUp): void {
  const { parent, request } = followUp;
  const at = request.newFrom;
  const carried = new Map<string, { name: unknown; args: unknown; path: string }>();
  const results: ResultSeen[] = [];
  for (let i = at; i < request.messages.length; i++) {
    const m: unknown = request.messages[i];
    if (!isRecord(m)) continue;
    if (m.role === 'assistant' && Array.isArray(m.toolCalls)) {
      for (const c of m.toolCalls) {
        const call = ToolCallSchema.safeParse(c);
        if (call.success) carried.set(call.data.id, { name: call.data.function?.name, args: call.data.function?.arguments, path: `messages[${i}]` });
      }
    } else if (m.role === 'tool') {
      results.push({ id: typeof m.toolCallId === 'string' ? m.toolCallId : '', path: `messages[${i}]` });
    }
  }
  for (const call of parent.answer.toolCalls) {
    const found = carried.get(call.id);
    const diff = found ? callDifference(call, found.name, typeof found.args === 'string' ? found.args : undefined) : `tool call ${JSON.stringify(call.id)} is in no assistant message's toolCalls`;
    if (diff) followUp.report(R.toolCallsChanged, `the follow-up run does not carry the streamed tool calls unchanged: ${diff}`, found?.path ?? `messages[${at}]`);
  }
  // Tool calls the agent ran itself (with a TOOL_CALL_RESULT) come back as tool messages too.
  const known = new Set(parent.answer.allCallIds ?? []);
  checkResults(followUp, R, results, { result: 'tool message', idField: 'toolCallId', missingPath: `messages[${at}]` }, (id) => known.has(id) || carried.has(id));
}
