// An ordinary tool approval, drawn inside its group. The decision buttons are shown disabled: the
// panel observes the page, it does not answer for the user.
import type { ApprovalItem } from '../../../model/view';
import { frameSpan } from './frame-span';
import { preview } from '../../../model/decode';
import { safeJson } from '../../../model/safe-text';

export function ApprovalView({ item }: { item: ApprovalItem }) {
  return (
    <div class="approval" data-frames={frameSpan(item.frames)}>
      <div class="approval-title">Approval required</div>
      {item.actions.map((action, i) => (
        <div class="approval-action" key={i}>
          <span class="approval-name">{action.name}</span> <code class="approval-args">{argsSummary(action.args)}</code>
          <div class="approval-buttons">
            {(item.allowed[action.name] ?? ['approve', 'reject']).map((d) => (
              <button type="button" disabled key={d} class={`decision decision-${d}`}>
                {d}
              </button>
            ))}
          </div>
        </div>
      ))}
      <div class={`approval-outcome outcome-${item.outcome?.type ?? 'waiting'}`}>{outcomeText(item)}</div>
    </div>
  );
}

function argsSummary(args: unknown): string {
  // Strings are shown as sent, other values as compact JSON: never JSON text quoted again.
  if (args === undefined) return '';
  return preview(typeof args === 'string' ? args : safeJson(args, { maxLength: 400 }), 160);
}

function outcomeText(item: ApprovalItem): string {
  const outcome = item.outcome;
  if (!outcome) return item.timeoutSeconds === undefined ? 'Waiting for the user' : `Waiting for the user (times out after ${item.timeoutSeconds} s)`;
  if (outcome.type === 'decided') return `Decided: ${outcome.decisions.join(', ')}`;
  if (outcome.type === 'timeout') return 'Timed out: the agent rejected on its own';
  return 'Decision applied';
}
