// A real A2A conversation for the tests: the demo's agent (`@a2a-js/sdk`'s DefaultRequestHandler
// and Express handlers, demo/a2a/agent.ts) on 127.0.0.1, driven by the SDK's own client, whose fetch
// records every request and every SSE event or JSON body as a capture. Beside the capture, the SDK's
// own view of the task: the client's events accumulated by the SDK's ResultManager.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { AgentEvent, InMemoryTaskStore, ResultManager, ServerCallContext, type AgentExecutionEvent } from '@a2a-js/sdk/server';
import { taskStateToJSON, type Message, type StreamResponse, type Task } from '@a2a-js/sdk';
import type { Capture } from '../../src/model/frame';
import { createA2aApp } from '../../demo/a2a/agent';
import { userTextMessage } from '../../demo/a2a/user-message';
import { Recorder } from './mcp-recording';

export interface A2aRecording {
  capture: Capture;
  /** The task as the SDK accumulated the client's events (ResultManager), after the last call. */
  task: Task | undefined;
  /** Errors the client threw, by call. */
  clientErrors: string[];
}

const userMessage = (text: string, taskId = ''): Message => userTextMessage(`user-${text}`, text, taskId);

/** A client event as the SDK's ResultManager takes it. */
export function asAgentEvent(response: StreamResponse): AgentExecutionEvent | undefined {
  const p = response.payload;
  if (!p) return undefined;
  switch (p.$case) {
    case 'task':
      return AgentEvent.task(p.value);
    case 'message':
      return AgentEvent.message(p.value);
    case 'statusUpdate':
      return AgentEvent.statusUpdate(p.value);
    case 'artifactUpdate':
      return AgentEvent.artifactUpdate(p.value);
  }
}

/** Asks, answers the agent's question with `city`, and reads the task back with GetTask. */
export async function recordA2aConversation(variant = 'clean', city = 'Oslo'): Promise<A2aRecording> {
  let origin = '';
  const http: Server = createServer(createA2aApp(() => origin));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const recorder = new Recorder();
  const factory = new ClientFactory({ transports: [new JsonRpcTransportFactory({ fetchImpl: recorder.fetch })] });
  const results = new ResultManager(new InMemoryTaskStore(), new ServerCallContext());
  const clientErrors: string[] = [];
  const run = async (message: Message): Promise<void> => {
    results.setContext(message);
    try {
      for await (const response of client.sendMessageStream({ tenant: '', message, configuration: undefined, metadata: undefined })) {
        const event = asAgentEvent(response);
        if (event) await results.processEvent(event);
      }
    } catch (err) {
      clientErrors.push(err instanceof Error ? err.message : String(err));
    }
  };
  const client = await factory.createFromUrl(`${origin}/a2a/${variant}/.well-known/agent-card.json`, '');
  try {
    await run(userMessage('Weather?'));
    const taskId = results.getCurrentTask()?.id ?? '';
    await run(userMessage(city, taskId));
  } finally {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeAllConnections();
  }
  await recorder.settled();
  return { capture: recorder.capture(), task: results.getCurrentTask(), clientErrors };
}

export { taskStateToJSON };
