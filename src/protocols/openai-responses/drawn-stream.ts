// Test support: well-formed Responses streams of every item kind the AI SDK's OpenAI provider models,
// interleaved at random, then mutated (events dropped, repeated, swapped, moved to another output_index,
// one field deleted or nulled), for the agreement tests that run the provider on them
// (test/unit/openai-responses-aisdk-agreement.test.ts).
import fc from 'fast-check';
import { interleave, mutate, mutationsArb, turnsArb, type Mutation } from '../../../test/support/interleave';
import { numbered, toSse } from './test-helpers';

/** The item kinds: messages (plain, annotated, a refusal, two parts), reasoning (one or two summaries, raw text), calls the page runs, hosted tools. */
export type Kind = 'text' | 'annotated' | 'refusal' | 'two parts' | 'summary' | 'two summaries' | 'reasoning-text' | 'call' | 'custom call' | 'web search' | 'file search' | 'image' | 'code';
export const KINDS: Kind[] = ['text', 'annotated', 'refusal', 'two parts', 'summary', 'two summaries', 'reasoning-text', 'call', 'custom call', 'web search', 'file search', 'image', 'code'];

const resp = (status: string, output: object[] = [], extra: object = {}) => ({ id: 'resp_1', object: 'response', created_at: 1, status, model: 'gpt-5', output, error: null, incomplete_details: null, usage: null, ...extra });
const msgItem = (id: string, status: string, content: object[]) => ({ id, type: 'message', role: 'assistant', status, content });

/** One item's events at output_index `i`, well-formed from output_item.added to .done; `pieces` are its deltas. */
export function itemEvents(i: number, kind: Kind, pieces: readonly string[]): object[] {
  const t = pieces.join('');
  const added = (item: object) => ({ type: 'response.output_item.added', output_index: i, item });
  const done = (item: object) => ({ type: 'response.output_item.done', output_index: i, item });
  switch (kind) {
    case 'text':
    case 'annotated':
    case 'refusal': {
      const id = `m${i}`;
      const ref = { item_id: id, output_index: i, content_index: 0 };
      const ann = { type: 'url_citation', start_index: 0, end_index: t.length, url: 'https://x.test', title: 'X' };
      const full = kind === 'refusal' ? { type: 'refusal', refusal: t } : { type: 'output_text', text: t, annotations: kind === 'annotated' ? [ann] : [] };
      const empty = kind === 'refusal' ? { type: 'refusal', refusal: '' } : { type: 'output_text', text: '', annotations: [] };
      return [
        added(msgItem(id, 'in_progress', [])),
        { type: 'response.content_part.added', ...ref, part: empty },
        ...pieces.map((delta) => ({ type: kind === 'refusal' ? 'response.refusal.delta' : 'response.output_text.delta', ...ref, delta, ...(kind === 'refusal' ? {} : { logprobs: [] }) })),
        ...(kind === 'annotated' ? [{ type: 'response.output_text.annotation.added', ...ref, annotation_index: 0, annotation: ann }] : []),
        kind === 'refusal' ? { type: 'response.refusal.done', ...ref, refusal: t } : { type: 'response.output_text.done', ...ref, text: t, logprobs: [] },
        { type: 'response.content_part.done', ...ref, part: full },
        done(msgItem(id, 'completed', [full])),
      ];
    }
    case 'two parts':
      return twoPartMessage(i, pieces, []);
    case 'summary':
    case 'two summaries':
    case 'reasoning-text': {
      const id = `r${i}`;
      const ref = { item_id: id, output_index: i };
      const n = kind === 'two summaries' ? 2 : kind === 'summary' ? 1 : 0;
      const texts = Array.from({ length: n }, (_, s) => pieces.map((p) => `${p}${s}`).join(''));
      const raw = t.toUpperCase();
      return [
        added({ id, type: 'reasoning', summary: [] }),
        ...texts.flatMap((st, s) => [
          { type: 'response.reasoning_summary_part.added', ...ref, summary_index: s, part: { type: 'summary_text', text: '' } },
          ...pieces.map((p) => ({ type: 'response.reasoning_summary_text.delta', ...ref, summary_index: s, delta: `${p}${s}` })),
          { type: 'response.reasoning_summary_text.done', ...ref, summary_index: s, text: st },
          { type: 'response.reasoning_summary_part.done', ...ref, summary_index: s, part: { type: 'summary_text', text: st } },
        ]),
        ...(kind === 'reasoning-text' ? [
          { type: 'response.content_part.added', ...ref, content_index: 0, part: { type: 'reasoning_text', text: '' } },
          ...pieces.map((p) => ({ type: 'response.reasoning_text.delta', ...ref, content_index: 0, delta: p.toUpperCase() })),
          { type: 'response.reasoning_text.done', ...ref, content_index: 0, text: raw },
          { type: 'response.content_part.done', ...ref, content_index: 0, part: { type: 'reasoning_text', text: raw } },
        ] : []),
        done({ id, type: 'reasoning', summary: texts.map((st) => ({ type: 'summary_text', text: st })), ...(kind === 'reasoning-text' ? { content: [{ type: 'reasoning_text', text: raw }] } : {}) }),
      ];
    }
    case 'call': {
      const args = `{"q":"${t.replace(/["\\{}]/g, '')}"}`;
      const cut = [args.slice(0, 5), args.slice(5)];
      const item = (a: string, status: string) => ({ id: `fc${i}`, type: 'function_call', status, call_id: `call_f${i}`, name: 'f', arguments: a });
      return [
        added(item('', 'in_progress')),
        ...cut.map((delta) => ({ type: 'response.function_call_arguments.delta', item_id: `fc${i}`, output_index: i, delta })),
        { type: 'response.function_call_arguments.done', item_id: `fc${i}`, output_index: i, arguments: args },
        done(item(args, 'completed')),
      ];
    }
    case 'custom call': {
      const item = (input: string, status: string) => ({ id: `ct${i}`, type: 'custom_tool_call', status, call_id: `call_c${i}`, name: 'grep', input });
      return [
        added(item('', 'in_progress')),
        ...pieces.map((delta) => ({ type: 'response.custom_tool_call_input.delta', item_id: `ct${i}`, output_index: i, delta })),
        { type: 'response.custom_tool_call_input.done', item_id: `ct${i}`, output_index: i, input: t },
        done(item(t, 'completed')),
      ];
    }
    case 'web search': {
      const item = (status: string) => ({ id: `ws${i}`, type: 'web_search_call', status, action: { type: 'search', query: 'q' } });
      const ref = { item_id: `ws${i}`, output_index: i };
      return [added(item('in_progress')), ...['in_progress', 'searching', 'completed'].map((ph) => ({ type: `response.web_search_call.${ph}`, ...ref })), done(item('completed'))];
    }
    case 'file search': {
      const item = (status: string) => ({ id: `fs${i}`, type: 'file_search_call', status, queries: ['q'], results: null });
      const ref = { item_id: `fs${i}`, output_index: i };
      return [added(item('in_progress')), ...['in_progress', 'searching', 'completed'].map((ph) => ({ type: `response.file_search_call.${ph}`, ...ref })), done(item('completed'))];
    }
    case 'image': {
      const item = (status: string, result: string | null) => ({ id: `ig${i}`, type: 'image_generation_call', status, result });
      const ref = { item_id: `ig${i}`, output_index: i };
      return [
        added(item('in_progress', null)),
        { type: 'response.image_generation_call.in_progress', ...ref },
        { type: 'response.image_generation_call.generating', ...ref },
        { type: 'response.image_generation_call.partial_image', ...ref, partial_image_index: 0, partial_image_b64: 'QUJD' },
        { type: 'response.image_generation_call.completed', ...ref },
        done(item('completed', 'QUJDRA==')),
      ];
    }
    case 'code': {
      const code = `print(${JSON.stringify(t)})`;
      const item = (status: string, c: string, outputs: object[] | null) => ({ id: `ci${i}`, type: 'code_interpreter_call', status, container_id: 'cntr_1', code: c, outputs });
      const ref = { item_id: `ci${i}`, output_index: i };
      return [
        added(item('in_progress', '', null)),
        { type: 'response.code_interpreter_call.in_progress', ...ref },
        ...[code.slice(0, 6), code.slice(6)].map((delta) => ({ type: 'response.code_interpreter_call_code.delta', ...ref, delta })),
        { type: 'response.code_interpreter_call_code.done', ...ref, code },
        { type: 'response.code_interpreter_call.interpreting', ...ref },
        { type: 'response.code_interpreter_call.completed', ...ref },
        done(item('completed', code, [{ type: 'logs', logs: 'ok' }])),
      ];
    }
  }
}

/** How the response ends: a terminal event (completed with the done items, all items or no output), an error event, or nothing. */
export type Ending = 'completed' | 'incomplete' | 'failed' | 'error+failed' | 'error' | 'none' | 'completed-no-output' | 'completed-full' | 'error-nested';
/** One to three items, their events interleaved by `turns`, up to two mutations and maybe one field stripped. */
export const drawArb = fc.record({
  items: fc.array(fc.tuple(fc.constantFrom(...KINDS), fc.array(fc.constantFrom('a', 'bc', 'x', 'Hi '), { minLength: 0, maxLength: 3 })), { minLength: 1, maxLength: 3 }),
  turns: turnsArb,
  inProgress: fc.boolean(),
  ending: fc.constantFrom<Ending>('completed', 'completed', 'completed', 'incomplete', 'failed', 'error+failed', 'error', 'none', 'completed-no-output', 'completed-full', 'error-nested'),
  mutations: mutationsArb,
  strip: fc.option(fc.tuple(fc.nat(60), fc.nat(12), fc.constantFrom<'delete' | 'null'>('delete', 'null')), { freq: 3 }),
});
export type Draw = { items: [Kind, string[]][]; turns: number[]; inProgress: boolean; ending: Ending; mutations: Mutation[]; strip?: [number, number, 'delete' | 'null'] | null };

/** One field of one event (of its item, for an item event) deleted or nulled. */
function stripped(events: object[], strip: Draw['strip']): object[] {
  if (!strip || events.length === 0) return events;
  const [at, key, how] = strip;
  const out = [...events];
  const k = at % out.length;
  const e = { ...(out[k] as Record<string, unknown>) };
  const target = typeof e.item === 'object' && e.item !== null ? (e.item = { ...(e.item as object) }) as Record<string, unknown> : e;
  const keys = Object.keys(target).filter((x) => x !== 'type');
  if (keys.length === 0) return events;
  const name = keys[key % keys.length]!;
  if (how === 'delete') delete target[name];
  else target[name] = null;
  out[k] = e;
  return out;
}

/** The drawn response as an SSE body: created (and in_progress), the items' events, its ending; numbered in order. */
export function streamOf(d: Draw): string {
  const seqs = d.items.map(([kind, pieces], i) => itemEvents(i, kind, pieces));
  const events = stripped(mutate(interleave(seqs, d.turns), d.mutations, 'output_index', d.items.length), d.strip);
  const doneItems = new Map<number, object>();
  for (const e of events as { type: string; output_index?: number; item?: object }[]) if (e.type === 'response.output_item.done' && e.output_index !== undefined && e.item) doneItems.set(e.output_index, e.item);
  const output = [...doneItems].sort(([a], [b]) => a - b).map(([, it]) => it);
  const created = { type: 'response.created', response: resp('in_progress') };
  const steps: object[] = [created, ...(d.inProgress ? [{ type: 'response.in_progress', response: resp('in_progress') }] : []), ...events];
  const err = { type: 'error', code: 'server_error', message: 'boom', param: null };
  const failed = { type: 'response.failed', response: resp('failed', output, { error: { code: 'server_error', message: 'boom' } }) };
  if (d.ending === 'completed-full') steps.push({ type: 'response.completed', response: resp('completed', seqs.map((q) => (q.at(-1) as { item: object }).item)) });
  if (d.ending === 'completed') steps.push({ type: 'response.completed', response: resp('completed', output) });
  if (d.ending === 'completed-no-output') steps.push({ type: 'response.completed', response: { ...resp('completed'), output: undefined } });
  if (d.ending === 'incomplete') steps.push({ type: 'response.incomplete', response: resp('incomplete', output, { incomplete_details: { reason: 'max_output_tokens' } }) });
  if (d.ending === 'failed') steps.push(failed);
  if (d.ending === 'error+failed') steps.push(err, failed);
  if (d.ending === 'error') steps.push(err);
  if (d.ending === 'error-nested') steps.push({ type: 'error', error: { type: 'server_error', code: 'server_error', message: 'boom', param: null } }, failed);
  return toSse(numbered(steps) as object[]);
}


/**
 * A message with two output_text parts (the second part's deltas carry a 1, the first's a 0), their
 * events in the order `turns` gives (see interleave; none: the first part's, then the second's).
 */
export function twoPartMessage(i: number, pieces: readonly string[], turns: readonly number[]): object[] {
  const id = `m${i}`;
  const texts = [0, 1].map((c) => pieces.map((p) => `${p}${c}`).join(''));
  const part = (c: number) => {
    const ref = { item_id: id, output_index: i, content_index: c };
    const full = { type: 'output_text', text: texts[c], annotations: [] };
    return [
      { type: 'response.content_part.added', ...ref, part: { ...full, text: '' } },
      ...pieces.map((p) => ({ type: 'response.output_text.delta', ...ref, delta: `${p}${c}` })),
      { type: 'response.output_text.done', ...ref, text: texts[c] },
      { type: 'response.content_part.done', ...ref, part: full },
    ];
  };
  return [
    { type: 'response.output_item.added', output_index: i, item: msgItem(id, 'in_progress', []) },
    ...interleave([part(0), part(1)], turns),
    { type: 'response.output_item.done', output_index: i, item: msgItem(id, 'completed', texts.map((text) => ({ type: 'output_text', text, annotations: [] }))) },
  ];
}
