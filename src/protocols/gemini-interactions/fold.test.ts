// The fold where the reference clients (@google/genai 3.3, which yields every event as it came, and the
// AI SDK's Interactions model) read a broken or unusual stream: the view shows what they show, and the
// findings grade what one of them loses (test/unit/gemini-interactions-aisdk-agreement.test.ts runs
// the same streams through @ai-sdk/google).
import { describe, expect, it } from 'vitest';
import type { ToolItem, ViewModel } from '../../model/view';
import { completed, created, eventFrames, runInteractions, stepDelta, stepStart, stepStop } from './test-helpers';

const FC = { type: 'function_call', id: 'call_1', name: 'getWeather', arguments: {} };
const ARGS = { type: 'arguments_delta', arguments: '{"location":"Paris"}' };
const run = (events: object[]) => {
  const { view, findings } = runInteractions(eventFrames(events));
  return { view, rules: findings.map((f) => `${f.rule}:${f.severity}`) };
};
const shown = (view: ViewModel) => view.items.map((i) => (i.kind === 'tool' ? `tool ${i.name} ${JSON.stringify(i.input)} ${i.status}` : 'text' in i ? `${i.kind} ${i.text}` : i.kind));
const tools = (view: ViewModel) => view.items.filter((i): i is ToolItem => i.kind === 'tool');

describe('gemini-interactions fold: events after interaction.completed', () => {
  it('a step stopped after interaction.completed is stopped: only the late event is reported', () => {
    const { view, rules } = run([created, stepStart(0, { type: 'model_output' }), stepDelta(0, { type: 'text', text: 'Hi' }), completed(), stepStop(0)]);
    expect(shown(view)).toEqual(['text Hi']);
    expect(view.items[0]).toMatchObject({ final: true });
    expect(rules).toEqual(['gemini-interactions/event-after-completed:warning']);
  });

  it('a text delta after interaction.completed is shown, as both clients show it', () => {
    const { view, rules } = run([created, stepStart(0, { type: 'model_output' }), completed(), stepDelta(0, { type: 'text', text: 'Hi' }), stepStop(0)]);
    expect(shown(view)).toEqual(['text Hi']);
    expect(rules).toEqual(['gemini-interactions/event-after-completed:warning']);
  });

  it('a function call stopped after interaction.completed has its arguments', () => {
    const { view, rules } = run([created, stepStart(0, FC), stepDelta(0, ARGS), completed('requires_action'), stepStop(0)]);
    expect(shown(view)).toEqual(['tool getWeather {"location":"Paris"} pending']);
    expect(tools(view)[0]?.unfinished).toBeUndefined();
    expect(rules).toEqual(['gemini-interactions/event-after-completed:warning']);
  });
});

describe('gemini-interactions fold: a function call never stopped', () => {
  it('is an error and an unfinished call showing the arguments received', () => {
    const { view, rules } = run([created, stepStart(0, FC), stepDelta(0, ARGS), completed('requires_action')]);
    expect(shown(view)).toEqual(['tool getWeather {"location":"Paris"} pending']);
    expect(tools(view)[0]).toMatchObject({ inputText: '{"location":"Paris"}', unfinished: 3 });
    expect(rules).toEqual(['gemini-interactions/function-call-not-stopped:error']);
  });

  it('whose arguments are cut keeps their text', () => {
    const { view, rules } = run([created, stepStart(0, FC), stepDelta(0, { type: 'arguments_delta', arguments: '{"loc' }), completed('requires_action')]);
    expect(tools(view)[0]).toMatchObject({ input: undefined, inputText: '{"loc', unfinished: 3 });
    expect(rules).toEqual(['gemini-interactions/function-call-not-stopped:error']);
  });

  it('a text step never stopped is still the warning', () => {
    const { rules } = run([created, stepStart(0, { type: 'model_output' }), stepDelta(0, { type: 'text', text: 'Hi' }), completed()]);
    expect(rules).toEqual(['gemini-interactions/step-not-stopped:warning']);
  });
});

describe('gemini-interactions fold: a delta whose type does not match its step', () => {
  it('a thought_summary delta in a model_output step is thinking beside the text, a warning', () => {
    const summary = stepDelta(0, { type: 'thought_summary', content: { type: 'text', text: 'Hmm' } });
    const { view, rules } = run([created, stepStart(0, { type: 'model_output' }), summary, stepDelta(0, { type: 'text', text: 'Hi' }), stepStop(0), completed()]);
    expect(shown(view)).toEqual(['reasoning Hmm', 'text Hi']);
    expect(rules).toEqual(['gemini-interactions/summary-outside-thought:error']);
    const after = run([created, stepStart(0, { type: 'model_output' }), stepDelta(0, { type: 'text', text: 'Hi' }), summary, stepStop(0), completed()]);
    expect(shown(after.view)).toEqual(['text Hi', 'reasoning Hmm']);
  });

  it('a text delta in a thought step is text, an error (the AI SDK drops it)', () => {
    const { view, rules } = run([created, stepStart(0, { type: 'thought' }), stepDelta(0, { type: 'text', text: 'Hi' }), stepStop(0), completed()]);
    expect(shown(view)).toEqual(['text Hi']);
    expect(rules).toEqual(['gemini-interactions/text-outside-output:error']);
  });
});

describe('gemini-interactions fold: a server tool answered by its result step', () => {
  const call = [stepStart(0, { type: 'code_execution_call', id: 'x1' }), stepDelta(0, { type: 'code_execution_call', arguments: { code: 'print(2)' } }), stepStop(0)];

  it('with no result delta is answered', () => {
    const { view, rules } = run([created, ...call, stepStart(1, { type: 'code_execution_result', call_id: 'x1' }), stepStop(1), completed()]);
    expect(shown(view)).toEqual(['tool code_execution {"code":"print(2)"} success']);
    expect(rules).toEqual([]);
  });

  it('with its result on step.start has that result', () => {
    const { view, rules } = run([created, ...call, stepStart(1, { type: 'code_execution_result', call_id: 'x1', result: '2' }), stepStop(1), completed()]);
    expect(tools(view)[0]).toMatchObject({ status: 'success', result: '2' });
    expect(rules).toEqual([]);
  });

  it('with is_error on step.start failed', () => {
    const { view } = run([created, ...call, stepStart(1, { type: 'code_execution_result', call_id: 'x1', result: 'boom', is_error: true }), stepStop(1), completed()]);
    expect(tools(view)[0]).toMatchObject({ status: 'error', result: 'boom' });
  });
});

describe('gemini-interactions fold: repeats where nothing is lost are warnings', () => {
  const text = [stepStart(0, { type: 'model_output' }), stepDelta(0, { type: 'text', text: 'Hi' }), stepStop(0)];

  it('a repeated step.stop', () => {
    const { view, rules } = run([created, ...text, stepStop(0), completed()]);
    expect(shown(view)).toEqual(['text Hi']);
    expect(rules).toEqual(['gemini-interactions/stop-without-start:warning']);
  });

  it('a step.stop for an index never started', () => {
    const { view, rules } = run([created, stepStop(5), ...text, completed()]);
    expect(shown(view)).toEqual(['text Hi']);
    expect(rules).toEqual(['gemini-interactions/stop-without-start:warning']);
  });

  it('the same step.start repeated before any delta is one step', () => {
    const { view, rules } = run([created, stepStart(0, { type: 'model_output' }), ...text, completed()]);
    expect(shown(view)).toEqual(['text Hi']);
    expect(rules).toEqual(['gemini-interactions/step-start-repeated:warning']);
  });

  it('a delta with no step.start is still an error (the AI SDK drops it), and its text shows, as @google/genai yields it', () => {
    const { view, rules } = run([created, stepDelta(0, { type: 'text', text: 'Hi' }), stepDelta(0, { type: 'text', text: ' there' }), completed()]);
    expect(shown(view)).toEqual(['text Hi there']);
    expect(rules).toEqual(['gemini-interactions/step-not-started:error', 'gemini-interactions/step-not-started:error']);
  });

  it('a delta after its step stopped joins that step\'s text or thinking; one of another kind, or for no step, shows on its own', () => {
    const { view } = run([
      created,
      stepStart(0, { type: 'model_output' }),
      stepDelta(0, { type: 'text', text: 'Hi' }),
      stepStop(0),
      stepDelta(0, { type: 'text', text: ' there' }),
      stepDelta(0, { type: 'thought_summary', content: { type: 'text', text: 'Hmm' } }),
      stepDelta(1, { type: 'arguments_delta', arguments: '{}' }),
      completed(),
    ]);
    expect(shown(view)).toEqual(['text Hi there', 'reasoning Hmm']);
  });
});

describe('gemini-interactions fold: a function call started again after its arguments', () => {
  it('is one call, restarted as both clients restart it, and an error (its arguments are lost)', () => {
    const { view, rules } = run([created, stepStart(0, FC), stepDelta(0, ARGS), stepStart(0, FC), stepStop(0), completed('requires_action')]);
    expect(shown(view)).toEqual(['tool getWeather {} pending']);
    expect(tools(view)[0]?.inputText).toBeUndefined();
    expect(rules).toEqual(['gemini-interactions/step-index-reused:error']);
  });
});
