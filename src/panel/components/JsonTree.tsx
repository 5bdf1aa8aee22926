// A pretty-printed, collapsible JSON tree. Keys and values are text nodes: page data never becomes markup.
import { useState } from 'preact/hooks';
import { MAX_DATA_DEPTH, safeJson, safeText } from '../../model/safe-text';

/** Children shown per object or array before a "more" line, so a huge payload stays responsive. */
const MAX_CHILDREN = 200;
/** Nesting drawn as nodes; deeper values are one line of text (a page can nest 100,000 levels). */
const MAX_TREE_DEPTH = MAX_DATA_DEPTH;

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
  if (depth >= MAX_TREE_DEPTH) {
    return (
      <div class="json-line json-too-deep" role="treeitem">
        {label}
        <span class="muted" title={`nested deeper than ${MAX_TREE_DEPTH} levels`}>
          {safeJson(value, { maxDepth: 4, maxLength: 200 })}
        </span>
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
  return safeText(value);
}
