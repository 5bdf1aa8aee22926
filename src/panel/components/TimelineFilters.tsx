// The timeline's filter bar: text inside payloads, event type, direction, connection, severity.
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';
import type { TimelineFilter } from '../store/filters';
import { connectionLabel } from '../store/frame-log';

export function TimelineFilters({ store }: { store: PanelStore }) {
  const filter = store.filters.value.value;
  const types = store.filters.eventTypes.value;
  const connections = store.connections.value;
  const connectionIds = store.log.connectionIds();
  const set = (patch: Partial<TimelineFilter>) => applyEvent(store, { type: 'setFilter', filter: patch });
  return (
    <div class="filters" role="search">
      <input
        type="search"
        class="filter-text"
        placeholder="Filter payloads"
        aria-label="Filter by text inside payloads"
        value={filter.text}
        onInput={(e) => set({ text: e.currentTarget.value })}
      />
      <select class="filter-type" aria-label="Event type" value={filter.type} onChange={(e) => set({ type: e.currentTarget.value })}>
        <option value="">All types</option>
        {types.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <select
        class="filter-direction"
        aria-label="Direction"
        value={filter.direction}
        onChange={(e) => set({ direction: e.currentTarget.value as TimelineFilter['direction'] })}
      >
        <option value="">Both directions</option>
        <option value="in">↓ received</option>
        <option value="out">↑ sent</option>
      </select>
      <select class="filter-connection" aria-label="Connection" value={filter.connection} onChange={(e) => set({ connection: e.currentTarget.value })}>
        <option value="">All connections</option>
        {connectionIds.map((id) => (
          <option key={id} value={id}>
            {connectionLabel(connections.get(id), id)}
          </option>
        ))}
      </select>
      <select
        class="filter-severity"
        aria-label="Severity"
        value={filter.severity}
        onChange={(e) => set({ severity: e.currentTarget.value as TimelineFilter['severity'] })}
      >
        <option value="">Any findings</option>
        <option value="error">Errors</option>
        <option value="warning">Warnings</option>
        <option value="info">Info</option>
      </select>
    </div>
  );
}
