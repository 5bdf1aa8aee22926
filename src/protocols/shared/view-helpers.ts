// Small helpers the protocol folds share to build view items from untrusted payloads and check their events.
import { frameText, preview } from '../../model/decode';
import type { DecodedFrame, Frame } from '../../model/frame';
import type { FindingSink } from '../../model/finding';
import type { RawItem, TodoItem, ToolItem, ViewItem } from '../../model/view';
import { humanizeToolName, isTodoToolName } from '../../model/view';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses a complete JSON text; `undefined` with the reason when it does not parse. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Records that `frame` contributed to an item, once: several events of one frame (a chunk's synthetic
 * START and CONTENT, a delta and its end, the parts of one response) name it a single time.
 */
export function addFrame(frames: number[], frame: number): void {
  const n = frames.length;
  // No read at index -1 (a group may start with none): V8 looks that up slowly.
  if (n === 0 || frames[n - 1] !== frame) frames.push(frame);
}

export function rawItem(frame: Frame, id = `raw-${frame.index}`): RawItem {
  return { kind: 'raw', id, frames: [frame.index], text: rawText(frame) };
}

/** Characters of a cut payload a raw item shows: its start says what it was; the rest is not there anyway. */
const CUT_PREVIEW = 160;

/**
 * What a raw item shows of a frame: its text, or for a payload the capture cut, its start and where it
 * was cut (a flood's head of 512 characters of base64 is no use to read whole in the rendering).
 */
export function rawText(frame: Frame): string {
  const text = frameText(frame);
  if (!frame.truncated) return preview(text, 2000);
  const head = preview(text, CUT_PREVIEW);
  return `${head.endsWith('…') ? head : `${head}…`} (cut by the capture at ${text.length} of ${frame.truncated.originalLength} characters)`;
}

/** Reads a todo snapshot from a todo tool's input, leniently: odd entries are kept as text. */
export function todosFromInput(input: unknown): TodoItem[] | undefined {
  if (!isRecord(input) || !Array.isArray(input.todos)) return undefined;
  return input.todos.map((t) => {
    const r = isRecord(t) ? t : {};
    return {
      content: typeof r.content === 'string' ? r.content : '',
      activeForm: typeof r.activeForm === 'string' ? r.activeForm : '',
      status: typeof r.status === 'string' ? r.status : '',
    };
  });
}

export function newToolItem(id: string, toolId: string, name: string, frame: number): ToolItem {
  return {
    kind: 'tool',
    id,
    frames: [frame],
    toolId,
    name,
    contentMessage: '',
    label: humanizeToolName(name),
    input: undefined,
    status: 'pending',
  };
}

/** Sets a tool's input and, for todo tools, its todo snapshot. Returns the snapshot if any. */
export function setToolInput(tool: ToolItem, input: unknown): TodoItem[] | undefined {
  tool.input = input;
  if (!isTodoToolName(tool.name)) return undefined;
  const todos = todosFromInput(input);
  if (todos) tool.todos = todos;
  return todos;
}

/** Flattens numeric usage counters (one level of nesting, dotted names). */
export function flattenUsage(usage: unknown, into: Record<string, number> = {}): Record<string, number> {
  if (!isRecord(usage)) return into;
  // Object.keys, in Object.entries' order, without a [key, value] pair per counter.
  const keys = Object.keys(usage);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const value = usage[key];
    if (typeof value === 'number' && Number.isFinite(value)) into[key] = value;
    else if (isRecord(value)) {
      const subs = Object.keys(value);
      for (let j = 0; j < subs.length; j++) {
        const sub = subs[j] as string;
        const v = value[sub];
        if (typeof v === 'number' && Number.isFinite(v)) into[`${key}.${sub}`] = v;
      }
    }
  }
  return into;
}

/** One line describing why a zod parse failed. */
/** What a zod schema's safeParse gives, as far as checkedEvent reads it. */
interface SchemaCheck {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * An event of a known type: taken as it came when the protocol's hand check vouches for it, else as its
 * schema reads it. Undefined when the schema rejects it, which is then reported under `rule` ("not a
 * valid <type> event: …") and shown raw in `items`.
 */
export function checkedEvent(
  json: unknown,
  type: string,
  plain: (json: Record<string, unknown>) => boolean,
  schema: SchemaCheck,
  rule: string,
  frame: Frame,
  sink: FindingSink,
  items: ViewItem[],
): unknown {
  if (isRecord(json) && plain(json)) return json;
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  sink.report(rule, `not a valid ${type} event: ${describeIssues(parsed.error.issues)}`, [frame.index]);
  items.push(rawItem(frame));
  return undefined;
}

export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const first = issues[0];
  if (!first) return 'invalid shape';
  const where = first.path.length > 0 ? first.path.map(String).join('.') : '(root)';
  const more = issues.length > 1 ? ` (+${issues.length - 1} more)` : '';
  return `${where}: ${first.message}${more}`;
}

/** A fold's `apply` that survives its own bugs: the frame that hit one still shows, as a `-fault` raw item. */
export function guardedApply(
  model: { items: { push(item: RawItem): unknown } },
  apply: (decoded: DecodedFrame, sink: FindingSink) => void,
): (decoded: DecodedFrame, sink: FindingSink) => void {
  return (decoded, sink) => {
    try {
      apply(decoded, sink);
    } catch {
      model.items.push(rawItem(decoded.frame, `raw-${decoded.frame.index}-fault`));
    }
  };
}
