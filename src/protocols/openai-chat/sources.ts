// Perplexity's chunk-level sources: `citations` (URLs) and `search_results` ({title, url, date}), the
// same lists repeated on every chunk of a completion. Shown as source lines once per URL; a chunk is
// read only when its lists' lengths changed, so repeating them costs nothing per chunk.
import type { Frame } from '../../model/frame';
import { flatSourcePreview } from '../aisdk-ui/flat-preview';
import { isRecord } from '../shared/view-helpers';
import type { FoldState, TurnState } from './state';

const RAW_MAX = 2000;

export function applySources(state: FoldState, turn: TurnState, chunk: Record<string, unknown>, frame: Frame): void {
  const citations = Array.isArray(chunk.citations) ? chunk.citations : undefined;
  const results = Array.isArray(chunk.search_results) ? chunk.search_results : undefined;
  if (!citations && !results) return;
  const count = (citations?.length ?? 0) + (results?.length ?? 0);
  const seen = (turn.sources ??= { count: -1, urls: new Set() });
  if (seen.count === count) return;
  seen.count = count;
  const add = (url: unknown, title: unknown) => {
    if (typeof url !== 'string' || url === '' || seen.urls.has(url)) return;
    seen.urls.add(url);
    const shown = typeof title === 'string' && title !== '' ? title : url;
    state.model.items.push({ kind: 'raw', id: `t${turn.n}-source-${frame.index}-${seen.urls.size}`, frames: [frame.index], text: flatSourcePreview(shown, url, RAW_MAX) });
  };
  // Search results first: they carry the titles the bare citation URLs lack.
  for (const r of results ?? []) if (isRecord(r)) add(r.url, r.title);
  for (const url of citations ?? []) add(url, undefined);
}
