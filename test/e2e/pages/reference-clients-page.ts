// Bundled by test/e2e/reference-clients.test.ts (esbuild) into the page it serves: the newest official
// clients, used as a chat front end uses them, each reading one recording the server streams from
// `/case/<id>/…`. The page puts what the client ended with on `window.__clientResult`: the final text it
// shows (its text parts joined as the client joins them), or the error it threw.
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { HttpAgent } from '@ag-ui/client';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';

export type ClientKind = 'openai-chat' | 'openai-responses' | 'anthropic' | 'ag-ui' | 'aisdk-ui';
export type ClientResult = { ok: true; text: string } | { ok: false; error: string };

declare global {
  interface Window {
    __clientResult?: ClientResult;
  }
}

const KEY = 'sk-test-not-a-key';

async function run(kind: ClientKind, base: string): Promise<string> {
  switch (kind) {
    case 'openai-chat': {
      const client = new OpenAI({ baseURL: `${base}/v1`, apiKey: KEY, dangerouslyAllowBrowser: true, maxRetries: 0 });
      const stream = client.chat.completions.stream({ model: 'gpt-x', messages: [{ role: 'user', content: 'Hello' }] });
      const completion = await stream.finalChatCompletion();
      return completion.choices[0]?.message.content ?? '';
    }
    case 'openai-responses': {
      const client = new OpenAI({ baseURL: `${base}/v1`, apiKey: KEY, dangerouslyAllowBrowser: true, maxRetries: 0 });
      const stream = client.responses.stream({ model: 'gpt-x', input: 'Hello' });
      return (await stream.finalResponse()).output_text;
    }
    case 'anthropic': {
      const client = new Anthropic({ baseURL: base, apiKey: KEY, dangerouslyAllowBrowser: true, maxRetries: 0 });
      const stream = client.messages.stream({ model: 'claude-x', max_tokens: 1024, messages: [{ role: 'user', content: 'Hello' }] });
      const message = await stream.finalMessage();
      return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    }
    case 'ag-ui': {
      const agent = new HttpAgent({ url: `${base}/agent` });
      await agent.runAgent({});
      return agent.messages.map((m) => (m.role === 'assistant' && typeof m.content === 'string' ? m.content : '')).join('');
    }
    case 'aisdk-ui': {
      const transport = new DefaultChatTransport<UIMessage>({ api: `${base}/api/chat` });
      const stream = await transport.sendMessages({
        trigger: 'submit-message',
        chatId: 'chat-1',
        messageId: undefined,
        messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hello' }] }],
        abortSignal: undefined,
      });
      let failure: unknown;
      let last: UIMessage | undefined;
      for await (const message of readUIMessageStream<UIMessage>({ stream, onError: (err) => (failure ??= err) })) last = message;
      if (failure !== undefined) throw failure;
      return (last?.parts ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');
    }
  }
}

const params = new URLSearchParams(location.search);
const kind = params.get('client') as ClientKind;
const base = `${location.origin}/case/${encodeURIComponent(params.get('case') ?? '')}`;
run(kind, base).then(
  (text) => (window.__clientResult = { ok: true, text }),
  (err: unknown) => (window.__clientResult = { ok: false, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) }),
);
