// An ordinary tool approval, drawn inside its group. The decision buttons are inert: the panel observes
// the page. With "answer from the panel" on, and where the reply travels on a socket the page holds
// open, a pending approval's buttons send the page's own reply (panel/answer/); "edit" first opens the
// arguments for editing.
import { useState } from 'preact/hooks';
import type { ApprovalItem } from '../../../model/view';
import { frameSpan } from './frame-span';
import { preview } from '../../../model/decode';
import { safeJson } from '../../../model/safe-text';
import { AnswerNote, controlsLive, useLiveAnswer } from '../../answer/AnswerControls';
import { approvalReply, type Decision } from '../../answer/answer-builders';

export function ApprovalView({ item }: { item: ApprovalItem }) {
  const live = useLiveAnswer(item.key, item.frames[0]);
  const pending = !item.outcome;
  const active = pending && controlsLive(live);
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [editError, setEditError] = useState<string | undefined>(undefined);
  const decide = (d: string) => {
    if (!active || !live?.target.live) return;
    if (d === 'edit') return setEditing(safeJson(item.actions[0]?.args ?? {}, { maxLength: 100_000 }));
    live.send(approvalReply(item, d as Decision, live.target.context));
  };
  const sendEdit = () => {
    if (!active || !live?.target.live || editing === undefined) return;
    let args: unknown;
    try {
      args = JSON.parse(editing);
    } catch {
      return setEditError('The arguments are not JSON.');
    }
    setEditError(undefined);
    setEditing(undefined);
    live.send(approvalReply(item, 'edit', live.target.context, args));
  };
  return (
    <div class={`approval${active ? ' answerable' : ''}`} data-frames={frameSpan(item.frames)}>
      <div class="approval-title">Approval required</div>
      {item.actions.map((action, i) => (
        <div class="approval-action" key={i}>
          <span class="approval-name">{action.name}</span> <code class="approval-args">{argsSummary(action.args)}</code>
          <div class="approval-buttons">
            {(item.allowed[action.name] ?? ['approve', 'reject']).map((d) => (
              <button type="button" disabled={!active} key={d} class={`decision decision-${d}`} data-decision={d} onClick={() => decide(d)}>
                {d}
              </button>
            ))}
          </div>
        </div>
      ))}
      {active && editing !== undefined && (
        <div class="approval-edit">
          <textarea class="approval-edit-args" name="edited-arguments" aria-label="Edited arguments (JSON)" value={editing} onInput={(e) => setEditing(e.currentTarget.value)} />
          <button type="button" class="decision decision-send-edit" onClick={sendEdit}>
            send edited
          </button>{' '}
          {editError && <span class="sev-error">{editError}</span>}
        </div>
      )}
      <div class={`approval-outcome outcome-${item.outcome?.type ?? 'waiting'}`}>{outcomeText(item)}</div>
      {pending && <AnswerNote live={live} />}
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
