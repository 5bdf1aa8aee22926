// The panel's Conversation tab on the OpenAI Chat tool-loop examples: turns across the requests, the
// loop findings at the turn they point at and in the session's findings, and a turn's click selecting
// its request's frame.
import { describe, expect, it } from 'vitest';
import { createStore, type PanelStore } from '../../src/panel/store/store';
import { DetailTabs } from '../../src/panel/components/DetailTabs';
import { FindingsList } from '../../src/panel/components/FindingsList';
import { dispatch, example, mount, unmount } from './panel-support';

function importExample(name: string): PanelStore {
  const store = createStore();
  dispatch(store, { type: 'import', text: example(name), fileName: name });
  return store;
}

const turnsOf = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('.turn')].map((t) => `${t.dataset.kind} ${t.dataset.request}: ${[...t.querySelectorAll('.turn-line')].map((l) => l.textContent).join(' | ')}`);

describe('the Conversation tab', () => {
  it('shows the completed loop as turns across its four requests', () => {
    const store = importExample('openai-tool-loop.har');
    const root = mount(<DetailTabs store={store} withFrameTab={false} />);
    const tab = root.querySelector<HTMLButtonElement>('[data-tab="conversation"]');
    expect(tab?.textContent).toBe('Conversation');
    dispatch(store, { type: 'setTab', tab: 'conversation' });
    expect(turnsOf(root)).toEqual([
      'user 1: Weather in Paris and Rome?',
      'tool-calls 1: get_weather({"city":"Paris"}) · call_1 | get_weather({"city":"Rome"}) · call_2',
      'tool-result 2: call_1 → {"temp":21} | call_2 → {"temp":24}',
      'answer 2: Paris: 21 °C, Rome: 24 °C.',
      'user 3: And Berlin?',
      'tool-calls 3: get_weather({"city":"Berlin"}) · call_4',
      'tool-result 4: call_4 → {"temp":17}',
      'answer 4: Berlin: 17 °C.',
    ]);
    expect(root.querySelectorAll('.turn-finding')).toHaveLength(0);
    // The tool results of request 2: its request body is frame #9 (capture index 8).
    dispatch(store, { type: 'selectSession', id: 'har-0' });
    root.querySelectorAll<HTMLButtonElement>('.turn-button')[2]!.click();
    expect(store.selection.frame.value).toBe(8);
    expect(store.selection.scope.value).toBe('har-1');
    unmount(root);
  });

  it('puts the broken loop findings on their turns and in the follow-up session\'s findings', () => {
    const store = importExample('openai-tool-loop-broken.har');
    dispatch(store, { type: 'setTab', tab: 'conversation' });
    const root = mount(<DetailTabs store={store} withFrameTab={false} />);
    const marked = [...root.querySelectorAll<HTMLElement>('.turn')].map((t) => [t.dataset.kind, [...t.querySelectorAll<HTMLElement>('.turn-finding')].map((f) => f.dataset.rule)]).filter(([, rules]) => rules!.length > 0);
    expect(marked).toEqual([
      ['tool-result', ['openai-chat/loop-unknown-tool-call-id', 'openai-chat/loop-missing-tool-result']],
      ['waiting', ['openai-chat/loop-stalled']],
    ]);
    unmount(root);
    dispatch(store, { type: 'selectSession', id: 'har-1' });
    const list = mount(<FindingsList store={store} />);
    expect([...list.querySelectorAll<HTMLElement>('.finding-row')].map((r) => r.dataset.rule)).toEqual(['openai-chat/loop-unknown-tool-call-id', 'openai-chat/loop-missing-tool-result']);
    expect(store.findings.counts.value).toEqual({ error: 2, warning: 0, info: 0 });
    unmount(list);
  });

  it('is not offered for a capture without requests that continue each other', () => {
    const store = importExample('flat-block-turn.jsonl');
    const root = mount(<DetailTabs store={store} withFrameTab={false} />);
    expect(root.querySelector('[data-tab="conversation"]')).toBeNull();
    unmount(root);
  });
});
