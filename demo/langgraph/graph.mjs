// The demo's LangGraph agent, served by @langchain/langgraph-api (the in-memory server behind
// `langgraph dev`): a fake chat model that streams a short text and a weather tool call, a human
// approval (`interrupt()`) before the tool runs, the tool, and a final streamed answer. Plain
// JavaScript because the server imports the graph file itself, outside any TypeScript loader.
import { AIMessageChunk } from '@langchain/core/messages';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { tool } from '@langchain/core/tools';
import { END, MessagesAnnotation, START, StateGraph, interrupt } from '@langchain/langgraph';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';

const getWeather = tool(async ({ city }) => `Sunny, 21 °C in ${city}`, {
  name: 'get_weather',
  description: 'The current weather in a city',
  schema: z.object({ city: z.string() }),
});

/** The first answer: a sentence in two pieces, then the call (the fake model sends its arguments whole). */
function callingModel() {
  return new FakeStreamingChatModel({
    chunks: [
      new AIMessageChunk({ id: 'ai-call', content: 'Let me check ' }),
      new AIMessageChunk({ id: 'ai-call', content: 'the weather.' }),
      new AIMessageChunk({ id: 'ai-call', content: '', tool_calls: [{ id: 'call_weather_1', name: 'get_weather', args: { city: 'Paris' }, type: 'tool_call' }] }),
    ],
  });
}

function answeringModel() {
  return new FakeStreamingChatModel({
    chunks: ['It is sunny ', 'and 21 °C ', 'in Paris.'].map((content) => new AIMessageChunk({ id: 'ai-answer', content })),
  });
}

async function agent(state, config) {
  const last = state.messages.at(-1);
  const model = last?.getType() === 'tool' ? answeringModel() : callingModel();
  config.writer?.({ status: 'thinking' });
  return { messages: [await model.invoke(state.messages)] };
}

/** Asks the user before the tool runs; a rejection ends the run with a short reply. */
function approve(state) {
  const last = state.messages.at(-1);
  const call = last?.tool_calls?.[0];
  const decision = interrupt({
    action_requests: [{ name: call?.name ?? '', args: call?.args ?? {}, description: 'Look up the weather' }],
    review_configs: [{ action_name: call?.name ?? '', allowed_decisions: ['approve', 'reject'] }],
  });
  if (decision === 'approve') return {};
  return { messages: [{ type: 'tool', tool_call_id: call?.id ?? '', content: 'The user declined the lookup.', status: 'error' }] };
}

const route = (state) => (state.messages.at(-1)?.tool_calls?.length ? 'approve' : END);
const afterApproval = (state) => (state.messages.at(-1)?.getType() === 'tool' ? 'agent' : 'tools');

export const graph = new StateGraph(MessagesAnnotation)
  .addNode('agent', agent)
  .addNode('approve', approve)
  .addNode('tools', new ToolNode([getWeather]))
  .addEdge(START, 'agent')
  .addConditionalEdges('agent', route, ['approve', END])
  .addConditionalEdges('approve', afterApproval, ['agent', 'tools'])
  .addEdge('tools', 'agent')
  .compile();
