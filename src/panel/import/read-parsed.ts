// A JSON document the import worker could parse whole (JSON.parse is many times faster than the
// streaming tokenizer) is read by the same DocumentReader the streaming reader drives, walked here
// over the parsed value: the reader makes the same walk-or-collect choices and gets the same calls
// in the same order, so the connections and frames are those `readInput` gives. A generator, so the
// caller can send what was read between the elements of a long array.
import { DocumentReader } from '../../readers/read-document';
import type { JsonPath, WalkHandler } from '../../readers/json-walker';
import { InputError } from '../../readers/input-error';
import type { InputEnd, InputSink } from '../../readers/read-input';

/**
 * Reads `text` when it is one JSON document, yielding after each member of a walked container;
 * returns undefined (having read nothing) when it is not, for the streaming reader to decide.
 */
export function* readParsedDocument(text: string, sink: InputSink): Generator<void, InputEnd | undefined> {
  const body = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).trim();
  if (!body.startsWith('{') && !body.startsWith('[')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const reader = new DocumentReader(sink);
  try {
    yield* walk(reader, value, []);
    return reader.finish(() => body);
  } catch (err) {
    if (err instanceof InputError) throw err;
    // As InputReader reports a reader bug or an engine limit: a reason, never a crash.
    throw new InputError(`could not read the input: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function* walk(handler: WalkHandler, value: unknown, path: (string | number)[]): Generator<void, void> {
  if (value === null || typeof value !== 'object') return handler.value(path, value);
  const kind = Array.isArray(value) ? 'array' : 'object';
  if (!handler.walk(path as JsonPath, kind)) return handler.value(path, value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      yield* walk(handler, value[i], path);
      path.pop();
      yield;
    }
  } else {
    for (const key of Object.keys(value)) {
      path.push(key);
      yield* walk(handler, (value as Record<string, unknown>)[key], path);
      path.pop();
    }
  }
  handler.leave(path, kind);
}
