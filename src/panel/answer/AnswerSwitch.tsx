// The toolbar's "Answer from the panel" switch. Off by default and never stored: each DevTools session
// starts with the panel only watching, so an answer is sent only by someone who turned this on now.
import type { PanelStore } from '../store/store';
import type { PanelTransport } from '../transport';
import { answerStateOf } from './answer-state';

export function AnswerSwitch({ store, transport, hub }: { store: PanelStore; transport: PanelTransport | undefined; hub: boolean }) {
  const state = answerStateOf(store);
  state.transport = hub ? transport : undefined;
  const on = state.enabled.value && hub;
  return (
    <label
      class={`answer-switch${on ? ' on' : ''}`}
      title="Make the rendering's approve / edit / reject and answer controls send the page's own reply on the page's socket (WebSocket sessions only). Off again with every new DevTools session."
    >
      <input
        type="checkbox"
        class="answer-toggle"
        name="answer-from-panel"
        disabled={!hub}
        checked={on}
        onChange={(e) => {
          state.enabled.value = e.currentTarget.checked;
        }}
      />{' '}
      Answer from the panel
    </label>
  );
}
