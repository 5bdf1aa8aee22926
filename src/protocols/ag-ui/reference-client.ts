// Test support: runs an SSE body through the reference client (@ag-ui/client's HttpAgent with a local
// fetch, so no network), and reduces both its result and our view to what a user sees.
import { HttpAgent } from '@ag-ui/client';
import type { ViewItem, ViewModel } from '../../model/view';

export interface Seen {
  texts: Array<{ role: string; text: string }>;
  reasoning: string[];
  tools: Array<{ id: string; name: string; args: string }>;
  results: Array<{ toolCallId: string; content: unknown }>;
  activities: Array<{ type: string; content: unknown }>;
  interrupts: string[];
  state: unknown;
}

export interface ReferenceRun {
  error?: string;
  seen: Seen;
}

export async function runReference(sseBody: string): Promise<ReferenceRun> {
  const agent = new HttpAgent({
    url: 'http://127.0.0.1:9/agent',
    fetch: () => Promise.resolve(new Response(sseBody, { headers: { 'content-type': 'text/event-stream' } })),
  });
  let error: string | undefined;
  try {
    await agent.runAgent({});
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const seen: Seen = { texts: [], reasoning: [], tools: [], results: [], activities: [], interrupts: agent.pendingInterrupts.map((i) => i.id), state: agent.state };
  for (const m of agent.messages as Array<Record<string, unknown>>) {
    const role = String(m.role);
    if (role === 'reasoning') seen.reasoning.push(String(m.content));
    else if (role === 'tool') seen.results.push({ toolCallId: String(m.toolCallId), content: m.content });
    else if (role === 'activity') seen.activities.push({ type: String(m.activityType), content: m.content });
    else if (typeof m.content === 'string' && m.content !== '') seen.texts.push({ role, text: m.content });
    for (const call of (m.toolCalls as Array<{ id: string; function: { name: string; arguments: string } }> | undefined) ?? []) {
      seen.tools.push({ id: call.id, name: call.function.name, args: call.function.arguments });
    }
  }
  return { ...(error !== undefined && { error }), seen };
}

/** The same reduction of our view model. */
export function seenInView(view: ViewModel): Seen {
  const seen: Seen = { texts: [], reasoning: [], tools: [], results: [], activities: [], interrupts: [], state: view.state ?? {} };
  const walk = (items: readonly ViewItem[]) => {
    for (const item of items) {
      if (item.kind === 'group') walk(item.items);
      else if (item.kind === 'reasoning') seen.reasoning.push(item.text);
      else if (item.kind === 'user' && item.text !== '') seen.texts.push({ role: 'user', text: item.text });
      else if (item.kind === 'text' && item.text !== '') seen.texts.push({ role: 'text', text: item.text });
      else if ((item.kind === 'approval' || item.kind === 'question') && !('outcome' in item && item.outcome) && !(item.kind === 'question' && item.state !== 'waiting')) seen.interrupts.push(item.key);
      else if (item.kind === 'tool') {
        if (item.inputText !== undefined && !item.orphanResult) seen.tools.push({ id: item.toolId, name: item.name, args: item.inputText });
        else if (!item.orphanResult) seen.activities.push({ type: item.name, content: item.input });
        if (item.result !== undefined) seen.results.push({ toolCallId: item.toolId, content: item.result });
      }
    }
  };
  walk(view.items);
  return seen;
}

/** Roles the view does not tell apart (assistant, system and developer texts are all text items). */
export function normaliseRoles(seen: Seen): Seen {
  return { ...seen, texts: seen.texts.map((t) => ({ role: t.role === 'user' ? 'user' : 'text', text: t.text })) };
}

export function toSse(dataPayloads: readonly string[]): string {
  return dataPayloads.map((d) => `data: ${d}\n\n`).join('');
}
