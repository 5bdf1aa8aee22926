// Bundled by test/e2e/genai-client.test.ts (esbuild) into the page it serves: `@google/genai` 3.3 (which
// declares Node ≥ 22) used as a browser chat front end uses it, reading the stream the server plays at
// `/case/<id>`: the final text (each chunk's `text`, thoughts left out, as the SDK gives it), the thought
// text, and the function calls of the chunks (`functionCalls`), or the error it threw. With `?manual=1`
// the page continues a long decode itself, as a page that turns `automaticContinuation` off does: when a
// response stops with finishReason CONTINUATION it asks again with the response's latest continuationToken.
import { GoogleGenAI } from '@google/genai';

export interface GenaiCall {
  name?: string;
  args?: unknown;
  partial: boolean;
}
export type GenaiResult = { ok: true; text: string; thoughts: string; calls: GenaiCall[] } | { ok: false; error: string };

declare global {
  interface Window {
    __genaiResult?: GenaiResult;
  }
}

async function run(base: string, manual: boolean): Promise<GenaiResult> {
  const ai = new GoogleGenAI({ apiKey: 'test-not-a-key', httpOptions: { baseUrl: base, apiVersion: 'v1beta' } });
  let text = '';
  let thoughts = '';
  const calls: GenaiCall[] = [];
  let continuationToken: string | undefined;
  // At most four requests, as the SDK's own continuation goes.
  for (let request = 0; request < 4; request++) {
    const config = manual ? { automaticContinuation: false, ...(continuationToken ? { continuationToken } : {}) } : undefined;
    const stream = await ai.models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'Hello', config });
    let stoppedAtCap = false;
    for await (const chunk of stream) {
      text += chunk.text ?? '';
      const candidate = chunk.candidates?.[0];
      for (const part of candidate?.content?.parts ?? []) if (part.thought && part.text) thoughts += part.text;
      for (const call of chunk.functionCalls ?? []) calls.push({ name: call.name, args: call.args, partial: call.partialArgs !== undefined || call.willContinue === true });
      if (candidate?.continuationToken) continuationToken = candidate.continuationToken;
      if (candidate?.finishReason === 'CONTINUATION') stoppedAtCap = true;
    }
    if (!manual || !stoppedAtCap || !continuationToken) break;
  }
  return { ok: true, text, thoughts, calls };
}

const params = new URLSearchParams(location.search);
run(`${location.origin}/case/${params.get('case') ?? ''}`, params.get('manual') === '1').then(
  (result) => (window.__genaiResult = result),
  (error: unknown) => (window.__genaiResult = { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
);
