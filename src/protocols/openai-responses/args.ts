// Streamed tool input: function-call arguments, custom-tool input, MCP arguments, interpreter code.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { itemFor } from './item-lookup';
import { RESPONSES_RULES as R } from './rules';
import { ARG_STREAMS, type ArgEvent, type ArgStream } from './schema';
import type { FoldState, ItemState, ResponseState } from './state';
import { parseJson, setToolInput } from '../shared/view-helpers';

interface ArgInfo {
  isDelta: boolean;
  stream: ArgStream;
  spec: (typeof ARG_STREAMS)[ArgStream];
  expected: readonly string[];
}

/**
 * What an argument event's type names, worked out once per type: the event's type string was hashed
 * when its family was looked up, while cutting it and looking the stream up made a new string per event.
 */
const ARG_INFO: ReadonlyMap<string, ArgInfo> = new Map<string, ArgInfo>(
  (Object.keys(ARG_STREAMS) as ArgStream[]).flatMap((stream): [string, ArgInfo][] => {
    const spec = ARG_STREAMS[stream];
    const expected = [spec.itemType];
    return [
      [`${stream}.delta`, { isDelta: true, stream, spec, expected }],
      [`${stream}.done`, { isDelta: false, stream, spec, expected }],
    ];
  }),
);

function argInfo(type: string): ArgInfo {
  const info = ARG_INFO.get(type);
  if (info) return info;
  // Not reached: the schema admits only these types into the args family.
  const stream = type.slice(0, type.lastIndexOf('.')) as ArgStream;
  const spec = ARG_STREAMS[stream];
  return { isDelta: type.endsWith('.delta'), stream, spec, expected: [spec.itemType] };
}

export function argEvent(state: FoldState, resp: ResponseState, ev: ArgEvent, frame: Frame, sink: FindingSink): void {
  const { isDelta, stream, spec, expected } = argInfo(ev.type);
  const item = itemFor(resp, ev, expected, frame, sink);
  if (!item) return;
  item.view?.frames.push(frame.index);
  if (isDelta) {
    if (item.argsDone) sink.report(R.lifecycleOrder, `${ev.type} after ${stream}.done`, [frame.index, item.addedFrame]);
    item.sawArgDelta = true;
    item.args += typeof ev.delta === 'string' ? ev.delta : '';
    if (item.view?.kind === 'tool') item.view.inputText = item.args;
    return;
  }
  const full = ev[spec.field];
  if (typeof full !== 'string') {
    sink.report(R.invalidEvent, `${ev.type} has no string "${spec.field}"`, [frame.index]);
    return;
  }
  if (item.sawArgDelta && full !== item.args && !resp.sawGap) {
    sink.report(R.doneMismatch, `${ev.type} ${spec.field} differs from the concatenated deltas (${item.args.length} vs ${full.length} characters); the SDK keeps the done value`, [frame.index, item.addedFrame]);
  }
  item.argsDone = true;
  finishArgs(state, item, full, frame, sink);
}

/** Sets the call's final input once (JSON arguments are parsed; a parse failure is reported once). */
export function finishArgs(state: FoldState, item: ItemState, full: string, frame: Frame, sink: FindingSink): void {
  const view = item.view;
  if (view?.kind !== 'tool') return;
  const first = view.input === undefined;
  item.args = full;
  view.inputText = full;
  const json = item.type === 'function_call' || item.type === 'mcp_call';
  if (!json) {
    view.input = item.type === 'code_interpreter_call' || item.type === 'program' ? { code: full } : full;
    return;
  }
  const parsed = full.trim() === '' ? { ok: true as const, value: {} } : parseJson(full);
  if (parsed.ok) {
    const todos = setToolInput(view, parsed.value);
    if (todos) state.model.todos = todos;
  } else if (first) {
    view.input = null;
    sink.report(R.invalidToolArguments, `arguments of ${item.type} "${view.name}" are not valid JSON: ${parsed.reason}`, [frame.index, item.addedFrame]);
  }
}
