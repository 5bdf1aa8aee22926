// One side of the history-against-live view: the reference rendering (the same item views as the
// Rendering tab), with the item that differs outlined and labelled, and its group opened so it shows.
import type { ComponentChildren } from 'preact';
import type { ViewItem, ViewModel } from '../../../model/view';
import { GroupView } from '../rendering/GroupView';
import { ItemView, type GroupChoices } from '../rendering/ItemView';

export interface MarkedRenderingProps {
  title: string;
  /** Where the rendering comes from, e.g. `History API response, frame #12`. */
  source: string;
  view: ViewModel;
  /** The differing item (or, on a side that lacks it, the item nearest the place it is missing). */
  marked: ViewItem | undefined;
  /** The label of the mark: what differs here. */
  markLabel: string;
  groups: GroupChoices;
  testId: string;
}

export function MarkedRendering({ title, source, view, marked, markLabel, groups, testId }: MarkedRenderingProps) {
  const holdsMark = (item: ViewItem): boolean => item === marked || (item.kind === 'group' && item.items.some(holdsMark));
  const render = (item: ViewItem): ComponentChildren => {
    const inner =
      item.kind === 'group' ? (
        <GroupView
          group={item}
          // A group holding the difference is opened, unless the user closed it.
          choice={groups.get(item.id) ?? (holdsMark(item) ? true : undefined)}
          onToggle={(expanded) => groups.set(item.id, expanded)}
          renderItem={render}
        />
      ) : (
        <ItemView item={item} groups={groups} />
      );
    if (item !== marked) return <div key={item.id}>{inner}</div>;
    return (
      <div key={item.id} class="hl-marked" data-testid={`${testId}-marked`}>
        <div class="hl-mark-label">≠ {markLabel}</div>
        {inner}
      </div>
    );
  };
  return (
    <section class="hl-side" data-testid={testId} aria-label={title}>
      <h3 class="hl-side-title">
        {title} <span class="muted hl-side-source">{source}</span>
      </h3>
      <div class="hl-side-body">{view.items.length === 0 ? <p class="muted">Nothing rendered.</p> : view.items.map(render)}</div>
    </section>
  );
}
