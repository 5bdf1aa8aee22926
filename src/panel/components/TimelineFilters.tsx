// The timeline's filter box, in the Network panel's manner: words search payloads, `/regex/`, `-word`
// excludes, and `type:` `dir:` `conn:` `larger-than:` `has:` `kind:` filter on the columns. It shows how
// many frames match out of those in scope.
import { useState } from 'preact/hooks';
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';

export const FILTER_HELP = [
  ['word', 'payload contains the word (case-insensitive); "quote" for spaces'],
  ['/regex/', 'payload matches the regular expression'],
  ['-term', 'excludes what the term matches'],
  ['type:delta', 'Event column contains the text'],
  ['dir:in / dir:out', 'received or sent frames'],
  ['conn:/ws', 'connection name (or id) contains the text'],
  ['larger-than:1k', 'payload larger than this many bytes (k, M)'],
  ['has:finding', 'frames with a finding (has:error, has:warning, has:info)'],
  ['kind:close', 'open, message, close or error frames'],
  ['is:cut / is:gap', 'payloads the capture cut short; frames right after ones it did not keep'],
] as const;

export function TimelineFilters({ store }: { store: PanelStore }) {
  const query = store.filters.query.value;
  const { count } = store.filters.visible.value;
  const total = store.filters.inScope.value;
  const [help, setHelp] = useState(false);
  return (
    <div class="filters" role="search">
      <input
        type="search"
        class="filter-text"
        name="filter"
        placeholder="Filter  (type: dir: conn: has: larger-than: /regex/ -exclude)"
        aria-label="Filter frames"
        spellcheck={false}
        value={query}
        onInput={(e) => applyEvent(store, { type: 'setQuery', query: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && e.currentTarget.value !== '') {
            e.stopPropagation();
            applyEvent(store, { type: 'setQuery', query: '' });
          }
        }}
      />
      <span class="match-count muted" data-testid="match-count" data-count={count} aria-live="polite">
        {query.trim() === '' ? `${count} frames` : `${count} / ${total}`}
      </span>
      <button type="button" class="filter-help-toggle" aria-expanded={help} title="Filter syntax" onClick={() => setHelp(!help)}>
        ?
      </button>
      {help && (
        <table class="filter-help" aria-label="Filter syntax">
          <tbody>
            {FILTER_HELP.map(([term, meaning]) => (
              <tr key={term}>
                <td>
                  <code>{term}</code>
                </td>
                <td>{meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
