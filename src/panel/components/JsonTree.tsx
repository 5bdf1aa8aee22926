// A pretty-printed, collapsible JSON tree. Keys and values are text nodes: page data never becomes markup.
import { useState } from 'preact/hooks';

/** Children shown per object or array before a "more" line, so a huge payload stays responsive. */
const MAX_CHILDREN = 200;

export function JsonTree({ value }: { value: unknown }) {
  return (
    <div class="json-tree" role="tree">
      <JsonNode name={undefined} value={value} depth={0} last />
    </div>
  );
}

function JsonNode({ name, value, depth, last }: { name: string | undefined; value: unknown; depth: number; last: boolean }) {
  const [open, setOpen] = useState(depth < 3);
  const comma = last ? '' : ',';
  const label = name === undefined ? null : <span class="json-key">{JSON.stringify(name)}: </span>;
  if (value === null || typeof value !== 'object') {
    return (
      <div class="json-line" role="treeitem">
        {label}
        <span class={`json-${value === null ? 'null' : typeof value}`}>{scalar(value)}</span>
        {comma}
      </div>
    );
  }
  const entries: [string | undefined, unknown][] = Array.isArray(value)
    ? value.map((v) => [undefined, v])
    : Object.entries(value as Record<string, unknown>);
  const [openMark, closeMark] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    return (
      <div class="json-line" role="treeitem">
        {label}
        {openMark}
        {closeMark}
        {comma}
      </div>
    );
  }
  const shown = entries.slice(0, MAX_CHILDREN);
  return (
    <div class="json-node" role="treeitem" aria-expanded={open}>
      <button type="button" class="json-toggle" onClick={() => setOpen(!open)} aria-label={open ? 'Collapse' : 'Expand'}>
        {open ? '▾' : '▸'}
      </button>
      {label}
      {openMark}
      {!open && (
        <span class="json-summary muted">
          {' '}
          {entries.length} {Array.isArray(value) ? 'items' : 'keys'} {closeMark}
          {comma}
        </span>
      )}
      {open && (
        <>
          <div class="json-children" role="group">
            {shown.map(([k, v], i) => (
              <JsonNode key={i} name={k} value={v} depth={depth + 1} last={i === entries.length - 1} />
            ))}
            {entries.length > shown.length && <div class="muted">… {entries.length - shown.length} more</div>}
          </div>
          <div class="json-line">
            {closeMark}
            {comma}
          </div>
        </>
      )}
    </div>
  );
}

function scalar(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}
