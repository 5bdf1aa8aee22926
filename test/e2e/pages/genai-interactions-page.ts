// Bundled by test/e2e/genai-interactions.test.ts (esbuild) into the page it serves: `@google/genai` 3.3's
// Interactions API (`ai.interactions.create({ stream: true })`; the package declares Node ≥ 22) used as a
// browser chat front end uses it, reading the stream the server plays at `/case/<id>/v1beta/interactions`.
// The SDK hands over the server's events as they are; what a front end shows is read from them as the
// API's streaming guide does: the text of `step.delta` text deltas, the tool steps
// (a `function_call` for the page to run, named at `step.start` with its arguments streamed as
// `arguments_delta` text; a server tool's `<tool>_call` with its arguments in a delta, answered by a
// `<tool>_result` step naming its `call_id`) and the interaction's final status. Or the error the SDK threw.
import { GoogleGenAI } from '@google/genai';

export interface InteractionsToolStep {
  /** The step's type: `function_call`, `google_search_call`, … */
  type: string;
  /** The function's name (function calls only). */
  name?: string;
  /** The arguments: the streamed JSON text parsed (the text when it is not JSON), else the object given. */
  arguments: unknown;
  /** Whether a result step answered it (server tools; the page answers function calls itself). */
  answered: boolean;
}
export type InteractionsResult =
  | {
      ok: true;
      text: string;
      tools: InteractionsToolStep[];
      /** `interaction.completed`'s status, or undefined when the stream ended without one. */
      completedStatus: string | undefined;
      /** Every event type the SDK yielded, in order. */
      events: string[];
    }
  | { ok: false; error: string };

declare global {
  interface Window {
    __interactionsResult?: InteractionsResult;
  }
}

const params = new URLSearchParams(location.search);

async function run(base: string): Promise<InteractionsResult> {
  const ai = new GoogleGenAI({ apiKey: 'test-not-a-key', httpOptions: { baseUrl: base, apiVersion: 'v1beta' } });
  const stream = await ai.interactions.create({ model: 'gemini-2.5-flash', input: 'Hello', stream: true });
  let text = '';
  let completedStatus: string | undefined;
  const events: string[] = [];
  const steps = new Map<number, { step: InteractionsToolStep; text: string }>();
  const byId = new Map<string, InteractionsToolStep>();
  let told = false;
  for await (const event of stream) {
    events.push(event.event_type);
    // A test that drops the connection mid-answer drops it once the page has read a delta.
    if (!told && event.event_type === 'step.delta' && params.has('tell')) {
      told = true;
      void fetch(`${base}/seen`);
    }
    if (event.event_type === 'step.start') {
      const step = event.step;
      if (step.type === 'function_call') steps.set(event.index, { step: { type: step.type, name: step.name, arguments: step.arguments, answered: false }, text: '' });
      else if (step.type.endsWith('_call')) {
        const tool: InteractionsToolStep = { type: step.type, arguments: undefined, answered: false };
        steps.set(event.index, { step: tool, text: '' });
        if ('id' in step && typeof step.id === 'string') byId.set(step.id, tool);
      } else if (step.type.endsWith('_result') && 'call_id' in step && typeof step.call_id === 'string') {
        const call = byId.get(step.call_id);
        if (call) call.answered = true;
      }
    }
    if (event.event_type === 'step.delta') {
      const delta = event.delta;
      if (delta.type === 'text') text += delta.text;
      const open = steps.get(event.index);
      if (delta.type === 'arguments_delta' && open) open.text += delta.arguments ?? '';
      else if (open && delta.type === open.step.type && 'arguments' in delta) open.step.arguments = delta.arguments;
    }
    if (event.event_type === 'interaction.completed') completedStatus = event.interaction.status;
  }
  return {
    ok: true,
    text,
    tools: [...steps.values()].map(({ step, text }) => (text === '' ? step : { ...step, arguments: parsed(text) })),
    completedStatus,
    events,
  };
}

/** The streamed arguments as the page would call the function with them; the text itself when not JSON. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

run(`${location.origin}/case/${params.get('case') ?? ''}`).then(
  (result) => (window.__interactionsResult = result),
  (error: unknown) => (window.__interactionsResult = { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
);
