// A real LangGraph thread for the tests: the official in-memory server (@langchain/langgraph-api, the
// one behind `langgraph dev`) on 127.0.0.1 with the demo's graph (demo/langgraph/graph.mjs: a fake
// chat model, a weather tool, an approval by `interrupt()`), driven by the SDK's own Client
// (@langchain/langgraph-sdk) whose `fetch` is wrapped to record every request and response as a
// capture: the run that stops at the interrupt, the run that resumes it, and a read of the thread's
// state. What the client itself ended with is kept beside it for the comparison.
import { Client, type Interrupt, type Message, type ThreadState } from '@langchain/langgraph-sdk';
import type { Capture } from '../../src/model/frame';
import { ASSISTANT_ID, startLangGraphServer } from '../../demo/langgraph/langgraph-server';
import { Recorder } from './mcp-recording';

export const STREAM_MODE = ['values', 'messages-tuple', 'updates'] as const;

export interface LangGraphRecording {
  capture: Capture;
  threadId: string;
  /** The last `values` event the client read in each run. */
  clientValues: Record<string, unknown>[];
  /** The interrupts the client read in the first run's `updates`. */
  clientInterrupts: Interrupt[];
  /** The thread's state as the client read it after both runs. */
  clientState: ThreadState<{ messages: Message[] }>;
}

export async function recordLangGraphThread(): Promise<LangGraphRecording> {
  const server = await startLangGraphServer();
  const recorder = new Recorder();
  // The thread is made by a client of its own, so the recording holds only the thread's own requests.
  const setup = new Client({ apiUrl: server.url, apiKey: null });
  const client = new Client({ apiUrl: server.url, apiKey: null, callerOptions: { fetch: recorder.fetch, maxRetries: 0 } });
  const thread = await setup.threads.create();
  const clientValues: Record<string, unknown>[] = [];
  const clientInterrupts: Interrupt[] = [];
  const input = { messages: [{ type: 'human', content: 'What is the weather in Paris?' }] };
  for (const payload of [{ input }, { command: { resume: 'approve' } }]) {
    let last: Record<string, unknown> | undefined;
    for await (const event of client.runs.stream(thread.thread_id, ASSISTANT_ID, { ...payload, streamMode: [...STREAM_MODE] })) {
      if (event.event === 'values') last = event.data as Record<string, unknown>;
      if (event.event === 'updates' && Array.isArray((event.data as { __interrupt__?: unknown }).__interrupt__)) clientInterrupts.push(...(event.data as unknown as { __interrupt__: Interrupt[] }).__interrupt__);
    }
    if (last) clientValues.push(last);
  }
  const clientState = await client.threads.getState<{ messages: Message[] }>(thread.thread_id);
  await recorder.settled();
  return { capture: recorder.capture(), threadId: thread.thread_id, clientValues, clientInterrupts, clientState };
}
