// Building Gemini function-call loop captures in tests: `contents` request bodies and the response
// chunks that answer them.
import type { Call, RequestExchange, StreamOptions } from './test-support';

export const geminiStream: StreamOptions = { url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse' };

export const geminiUser = (text: string) => ({ role: 'user', parts: [{ text }] });

/** The model content carrying the calls back, each with the signature the stream gave it. */
export const modelCalls = (calls: readonly Call[], signature = 'sig-1') => ({
  role: 'model',
  parts: calls.map((c, i) => ({ functionCall: { name: c.name, args: JSON.parse(c.arguments) as unknown }, ...(i === 0 ? { thoughtSignature: signature } : {}) })),
});

/** The user content with one functionResponse per name (no ids, as Vertex sends them). */
export const functionResponses = (...names: string[]) => ({ role: 'user', parts: names.map((name) => ({ functionResponse: { name, response: { temp: 21 } } })) });

const chunk = (parts: object[], finishReason?: string) => ({ candidates: [{ content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) }], modelVersion: 'gemini-2.5-flash' });

/** A response that asks for these calls: the first whole with its signature, the others streamed as partialArgs. */
export function callsAnswer(calls: readonly Call[]): object[] {
  return [
    chunk([{ text: 'Let me check.' }]),
    ...calls.flatMap((c, i) => {
      const args = JSON.parse(c.arguments) as Record<string, unknown>;
      if (i === 0) return [chunk([{ functionCall: { name: c.name, args }, thoughtSignature: 'sig-1' }])];
      return [
        chunk([{ functionCall: { name: c.name, willContinue: true } }]),
        chunk([{ functionCall: { partialArgs: Object.entries(args).map(([k, v]) => ({ jsonPath: `$.${k}`, stringValue: String(v) })), willContinue: true } }]),
        chunk([{ functionCall: {} }]),
      ];
    }),
    chunk([{ text: '' }], 'STOP'),
  ];
}

export const textAnswer = (text: string): object[] => [chunk([{ text }]), chunk([{ text: '' }], 'STOP')];

export const geminiBody = (contents: readonly unknown[]) => ({ contents, generationConfig: { temperature: 0 } });

export const geminiExchange = (contents: readonly unknown[], answer: object[]): RequestExchange => ({ body: geminiBody(contents), answer });
