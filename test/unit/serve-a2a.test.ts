// @vitest-environment node
// `serve` replaying an A2A conversation to the official A2A client: the repo's capture of the demo's
// agent (`@a2a-js/sdk`'s server, two SendStreamingMessage calls: the task asks which city, the answer
// completes it with the forecast artifact) is served on 127.0.0.1, and `@a2a-js/sdk`'s own client
// finds the agent there by its card, asks and answers as the page did. It must read what the recording
// holds: the same task states in the same order, the same artifact text, and send what the page sent.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientFactory } from '@a2a-js/sdk/client';
import { InMemoryTaskStore, ResultManager, ServerCallContext } from '@a2a-js/sdk/server';
import { taskStateToJSON, type Message, type Part } from '@a2a-js/sdk';
import { readInput } from '../../src/readers/read-input';
import { startReplayServer } from '../../src/serve/server';
import type { ReplayServer } from '../../src/serve/types';
import { userTextMessage } from '../../demo/a2a/user-message';
import { asAgentEvent } from '../support/a2a-recording';

const CAPTURE = path.resolve(__dirname, '../../src/protocols/a2a/testdata/valid-sdk-conversation.json');

interface Recorded {
  /** Each stream's task states in order: the task's own, then each status update's. */
  states: string[][];
  artifact: string;
  /** The user's messages as the page sent them. */
  sent: Array<{ messageId: string; taskId?: string; text: string }>;
}

type WirePart = { text?: string };
type WireResult = {
  task?: { status?: { state?: string } };
  statusUpdate?: { status?: { state?: string } };
  artifactUpdate?: { append?: boolean; artifact?: { parts?: WirePart[] } };
};

/** What the capture holds, read from its JSON-RPC bodies directly (not through the inspector's fold). */
function recorded(): Recorded {
  const { capture } = readInput(fs.readFileSync(CAPTURE, 'utf8'));
  const states: string[][] = [];
  let artifact = '';
  const sent: Recorded['sent'] = [];
  for (const connection of capture.connections) {
    const stream: string[] = [];
    for (const frame of capture.frames) {
      if (frame.connectionId !== connection.id || frame.kind !== 'message') continue;
      if (frame.direction === 'out') {
        const { message } = (JSON.parse(frame.data) as { params: { message: { messageId: string; taskId?: string; parts: WirePart[] } } }).params;
        sent.push({ messageId: message.messageId, ...(message.taskId && { taskId: message.taskId }), text: message.parts.map((p) => p.text ?? '').join('') });
        continue;
      }
      const result = (JSON.parse(frame.data) as { result: WireResult }).result;
      const state = result.task?.status?.state ?? result.statusUpdate?.status?.state;
      if (state) stream.push(state);
      const update = result.artifactUpdate;
      if (update) artifact = (update.append ? artifact : '') + (update.artifact?.parts ?? []).map((p) => p.text ?? '').join('');
    }
    states.push(stream);
  }
  return { states, artifact, sent };
}

const textOf = (parts: readonly Part[]): string => parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');

let replay: ReplayServer;
const log: string[] = [];

beforeAll(async () => {
  replay = await startReplayServer({ captures: [CAPTURE], noDelay: true, log: (line) => log.push(line) });
});

afterAll(async () => {
  await replay?.close();
});

describe('serve: an A2A capture replayed to @a2a-js/sdk 1.3 client', () => {
  it('the client finds the agent by its card, reads both streams as recorded and sends what the page sent', async () => {
    const want = recorded();
    expect(want.states.length).toBe(2);
    const client = await new ClientFactory().createFromUrl(`${replay.url}/a2a/clean/.well-known/agent-card.json`, '');
    const results = new ResultManager(new InMemoryTaskStore(), new ServerCallContext());
    const states: string[][] = [];
    const ask = async (message: Message): Promise<void> => {
      results.setContext(message);
      const stream: string[] = [];
      for await (const response of client.sendMessageStream({ tenant: '', message, configuration: undefined, metadata: undefined })) {
        const p = response.payload;
        if (p?.$case === 'task' && p.value.status) stream.push(taskStateToJSON(p.value.status.state));
        if (p?.$case === 'statusUpdate' && p.value.status) stream.push(taskStateToJSON(p.value.status.state));
        const event = asAgentEvent(response);
        if (event) await results.processEvent(event);
      }
      states.push(stream);
    };
    // The page's two messages: the question, then the answer naming the task the first stream opened.
    const [first, second] = want.sent;
    await ask(userTextMessage(first!.messageId, first!.text));
    await ask(userTextMessage(second!.messageId, second!.text, results.getCurrentTask()?.id ?? ''));

    expect(states).toEqual(want.states);
    const task = results.getCurrentTask()!;
    expect(task.id).toBe(second!.taskId);
    expect(taskStateToJSON(task.status!.state)).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts.map((a) => textOf(a.parts))).toEqual([want.artifact]);
    expect(want.artifact).toBe('Sunny, 21 °C in Oslo');
    expect(replay.differences).toEqual([]);
  });
});
