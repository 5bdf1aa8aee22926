// One view-model item. Page data is always rendered as text nodes.
import type { ComponentChildren } from 'preact';
import type { ViewItem, ViewModel } from '../../../model/view';
import { ToolView } from './ToolView';
import { ApprovalView } from './ApprovalView';
import { QuestionView } from './QuestionView';
import { GroupView } from './GroupView';
import { frameSpan } from './frame-span';
import { LongText } from './LongText';

export interface GroupChoices {
  get(groupId: string): boolean | undefined;
  set(groupId: string, expanded: boolean): void;
}

export function ItemView({ item, groups }: { item: ViewItem; groups: GroupChoices }): ComponentChildren {
  const frames = frameSpan(item.frames);
  switch (item.kind) {
    case 'user':
      return (
        <div class="user-message" data-frames={frames}>
          {item.text}
        </div>
      );
    case 'text':
      return (
        <div class={`text${item.part ? ' text-part' : ''}${item.final ? ' text-final' : ''}`} data-frames={frames}>
          {item.brand && (
            <div class="brand">
              <span class="brand-logo" aria-hidden="true">
                ◆
              </span>{' '}
              <span class="brand-name">Agent</span>
            </div>
          )}
          <LongText class="text-body" text={item.text} holder={item} />
        </div>
      );
    case 'reasoning':
      return (
        <details class="reasoning" data-frames={frames}>
          <summary>{item.title ?? 'Thinking'}</summary>
          <LongText class="reasoning-text" text={item.text} holder={item} />
        </details>
      );
    case 'tool':
      return <ToolView item={item} />;
    case 'approval':
      return <ApprovalView item={item} />;
    case 'question':
      return <QuestionView item={item} />;
    case 'group':
      return (
        <GroupView
          group={item}
          choice={groups.get(item.id)}
          onToggle={(expanded) => groups.set(item.id, expanded)}
          renderItem={(child) => <ItemView item={child} groups={groups} />}
        />
      );
    case 'error':
      // The page's own Stop is where the turn ended, not a failure: no alert, no red.
      if (item.stoppedByPage) {
        return (
          <div class="stopped-item" data-testid="stopped-item" data-frames={frames}>
            <strong class="stopped-title">Stopped: </strong>
            {item.message}
          </div>
        );
      }
      // A stream that ended before its end: the answer above is cut off, whatever it looks like. Not a
      // "Turn failed": a client may read such a stream quietly (the finding's severity says which; an
      // error outlines the item as for any error).
      if (item.cutOff !== undefined) {
        return (
          <div class="cut-off-item" role="status" data-testid="cut-off-item" data-frames={frames} data-rule={item.cutOff}>
            <strong class="cut-off-title">Cut off: </strong>
            {item.message}
          </div>
        );
      }
      return (
        <div class="error-item" role="alert" data-frames={frames}>
          <strong class="error-title">Turn failed: </strong>
          {item.message}
        </div>
      );
    case 'raw':
      return (
        <pre class="raw-item" data-frames={frames}>
          {item.text}
        </pre>
      );
  }
}

/**
 * Top-level items drawn at most: a session of an unknown protocol has one raw item per frame, and
 * drawing 100,000 of them on every append would freeze the panel. The timeline still lists every frame.
 */
export const MAX_DRAWN_ITEMS = 500;

/** An error finding to mark on the item built from its frame: its rule, and the frame it points at. */
export interface ItemMark {
  rule: string;
  message: string;
  frame: number;
}

/**
 * The items of a view model, top to bottom. An item (or group) built from a frame an error points at is
 * marked: outlined, with the rule's id above it, so the broken item is found without reading the findings.
 */
export function ViewItems({ view, groups, marks = [] }: { view: ViewModel; groups: GroupChoices; marks?: readonly ItemMark[] }) {
  const hidden = Math.max(0, view.items.length - MAX_DRAWN_ITEMS);
  const items = hidden > 0 ? view.items.slice(hidden) : view.items;
  return (
    <div class="view-items">
      {hidden > 0 && <div class="items-hidden muted">{hidden} earlier items not drawn; select their frames in the timeline.</div>}
      {items.map((item) => {
        const mark = marks.length > 0 ? markOf(item, marks) : undefined;
        return (
          <div class={`view-item${mark ? ' item-broken' : ''}`} key={item.id} data-rule={mark?.rule}>
            {mark && (
              <div class="item-broken-label" title={mark.message}>
                <span aria-hidden="true">✕</span> {mark.rule}
              </div>
            )}
            <ItemView item={item} groups={groups} />
          </div>
        );
      })}
      {view.streaming && view.items.length > 0 && <div class="streaming muted">streaming…</div>}
    </div>
  );
}

/** The first mark whose frame built this item or, for a group, one of its items. */
function markOf(item: ViewItem, marks: readonly ItemMark[], depth = 0): ItemMark | undefined {
  for (const m of marks) if (item.frames.includes(m.frame)) return m;
  // Groups nest one level in every protocol; the bound only guards against a fold gone wrong.
  if (item.kind === 'group' && depth < 8) {
    for (const child of item.items) {
      const found = markOf(child, marks, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}
