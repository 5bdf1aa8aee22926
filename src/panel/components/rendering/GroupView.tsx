// A collapsible group of steps (flat-block-protocol.md section 5). Running: expanded, the header
// shimmers, only the 3 newest items show. When the group becomes done it collapses 300 ms later;
// done and expanded it shows every item and the done line. Clicking the header toggles it, and
// that choice then wins over the automatic one. A group holding an approval or a question that
// waits for the user stays open, and the running window keeps that item.
import { useEffect, useRef, useState } from 'preact/hooks';
import { frameSpan } from './frame-span';
import type { ComponentChildren } from 'preact';
import { DONE_TEXT, groupHeaderText, type GroupItem, type ViewItem } from '../../../model/view';
import { isWaitingForUser, runningWindow } from '../../../model/render-text';

export const AUTO_COLLAPSE_MS = 300;

export interface GroupViewProps {
  group: GroupItem;
  /** The user's choice for this group, if they clicked its header. */
  choice: boolean | undefined;
  onToggle(expanded: boolean): void;
  renderItem(item: ViewItem): ComponentChildren;
}

export function GroupView({ group, choice, onToggle, renderItem }: GroupViewProps) {
  // A group already done when first drawn (history, an opened file) starts collapsed.
  const [auto, setAuto] = useState(!group.done);
  const wasDone = useRef(group.done);
  useEffect(() => {
    if (group.done === wasDone.current) return;
    wasDone.current = group.done;
    if (!group.done) {
      setAuto(true); // scrubbed back to before group_end
      return;
    }
    const timer = setTimeout(() => setAuto(false), AUTO_COLLAPSE_MS);
    return () => clearTimeout(timer);
  }, [group.done]);

  const expanded = choice ?? (auto || isWaitingForUser(group));
  const running = group.open;
  const state = running ? 'running' : group.done ? 'done' : 'interrupted';
  let shown: ViewItem[] = [];
  let hidden = 0;
  if (expanded) {
    shown = group.items;
    if (running) ({ shown, hidden } = runningWindow(shown));
  }
  return (
    <div class={`group group-${state}${expanded ? ' group-expanded' : ' group-collapsed'}`} data-frames={frameSpan(group.frames)}>
      <button type="button" class="group-header" aria-expanded={expanded} onClick={() => onToggle(!expanded)}>
        <span class="group-chevron" aria-hidden="true">
          {expanded ? '⌄' : '>'}
        </span>
        <span class={`group-title${running ? ' shimmer' : ''}`}>{groupHeaderText(group)}</span>
      </button>
      {expanded && (
        <div class="group-items">
          {hidden > 0 && <div class="group-hidden muted">{hidden} earlier step(s)</div>}
          {shown.map((item) => (
            <div class="group-item" key={item.id}>
              {renderItem(item)}
            </div>
          ))}
          {group.done && <div class="group-done-line">{DONE_TEXT}</div>}
        </div>
      )}
    </div>
  );
}
