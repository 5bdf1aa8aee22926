// Hand checks for AI SDK UI chunks in their plain shape: most chunks of a stream are text and tool
// deltas with no metadata, which need not pay for a zod parse each. Each check accepts only what the
// chunk type's schema in schema.ts accepts (fast-path.test.ts); anything else goes through the schema,
// which words the finding.

/** One of FINISH_REASONS (a switch: a reason just parsed is compared, not hashed; fast-path.test.ts). */
export function isFinishReason(v: unknown): boolean {
  switch (v) {
    case 'stop':
    case 'length':
    case 'content-filter':
    case 'tool-calls':
    case 'error':
    case 'other':
      return true;
    default:
      return false;
  }
}

const isStr = (v: unknown): boolean => typeof v === 'string';
const optStr = (v: unknown): boolean => v === undefined || typeof v === 'string';
const optBool = (v: unknown): boolean => v === undefined || typeof v === 'boolean';

/**
 * A hand check: -1 when the chunk is not in its plain shape, else how many of the keys its type
 * declares it holds (each defined: JSON gives no key an undefined value). A chunk holding as many keys
 * in all has no undeclared one, which the fold then need not look for key by key.
 */
type PlainCheck = (j: Record<string, unknown>) => number;

/** 1 for a field the chunk holds, 0 for one it does not. */
const held = (v: unknown): number => (v === undefined ? 0 : 1);

// Each check reads `providerMetadata` and `toolMetadata` itself, rather than one wrapper around them
// all: a property read sees the few shapes of its own chunk types, not every chunk's. Every count has
// the chunk's `type` in it.
const part: PlainCheck = (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && isStr(j.id) ? 2 : -1);
const partDelta: PlainCheck = (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && isStr(j.id) && isStr(j.delta) ? 3 : -1);
const noMetadata: PlainCheck = (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined ? 1 : -1);

/** The hand check of each chunk type that has one, mirroring its schema in schema.ts. */
const PLAIN_CHECKS: ReadonlyMap<string, PlainCheck> = new Map<string, PlainCheck>([
  ['text-start', part],
  ['text-delta', partDelta],
  // Citations (ai 7.0.138) go through the schema, which checks them as ai 7 does.
  ['text-end', (j) => (j.citations === undefined ? part(j) : -1)],
  ['reasoning-start', part],
  ['reasoning-delta', partDelta],
  ['reasoning-end', part],
  ['tool-input-delta', (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && isStr(j.toolCallId) && isStr(j.inputTextDelta) ? 3 : -1)],
  ['start', (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && optStr(j.messageId) ? 1 + held(j.messageId) + held(j.messageMetadata) : -1)],
  [
    'finish',
    (j) =>
      j.providerMetadata === undefined && j.toolMetadata === undefined && (j.finishReason === undefined || isFinishReason(j.finishReason))
        ? 1 + held(j.finishReason) + held(j.messageMetadata)
        : -1,
  ],
  ['start-step', noMetadata],
  ['finish-step', noMetadata],
  [
    'tool-input-start',
    (j) =>
      j.providerMetadata === undefined && j.toolMetadata === undefined &&
      isStr(j.toolCallId) && isStr(j.toolName) && optStr(j.title) && optBool(j.providerExecuted) && optBool(j.dynamic) &&
      (j.inputEncoding === undefined || j.inputEncoding === 'json' || j.inputEncoding === 'text')
        ? 3 + held(j.title) + held(j.providerExecuted) + held(j.dynamic) + held(j.inputEncoding)
        : -1,
  ],
  [
    'tool-input-available',
    (j) =>
      j.providerMetadata === undefined && j.toolMetadata === undefined &&
      isStr(j.toolCallId) && isStr(j.toolName) && optStr(j.title) && optBool(j.providerExecuted) && optBool(j.dynamic) && j.input !== undefined
        ? 4 + held(j.title) + held(j.providerExecuted) + held(j.dynamic)
        : -1,
  ],
  [
    'tool-output-available',
    (j) =>
      j.providerMetadata === undefined && j.toolMetadata === undefined &&
      isStr(j.toolCallId) && optBool(j.providerExecuted) && optBool(j.dynamic) && optBool(j.preliminary) && j.output !== undefined
        ? 3 + held(j.providerExecuted) + held(j.dynamic) + held(j.preliminary)
        : -1,
  ],
  ['source-url', (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && isStr(j.sourceId) && isStr(j.url) && optStr(j.title) ? 3 + held(j.title) : -1)],
  ['error', (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && isStr(j.errorText) ? 2 : -1)],
  ['message-metadata', (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && j.messageMetadata !== undefined ? 2 : -1)],
]);

/** `data-<name>` parts (their type is checked by the caller). */
const plainData: PlainCheck = (j) =>
  j.providerMetadata === undefined && j.toolMetadata === undefined && optStr(j.id) && optBool(j.transient) && j.data !== undefined ? 2 + held(j.id) + held(j.transient) : -1;

/**
 * The hand check for chunks of `type` in their plain shape, which lets them skip the zod schema: it
 * accepts only what the schema accepts (fast-path.test.ts), and every other chunk still goes through
 * the schema. Metadata records are never taken: a chunk that carries `providerMetadata` or
 * `toolMetadata` goes through the schema, and so does a field whose schema is `z.unknown()` when it is
 * missing. It counts the declared keys the chunk holds (PlainCheck). Undefined for types without one.
 */
export function plainCheckOf(type: string): PlainCheck | undefined {
  return type.startsWith('data-') ? plainData : PLAIN_CHECKS.get(type);
}

/** Whether a chunk of `type` passes its hand check (see plainCheckOf). */
export function isPlainChunk(j: Record<string, unknown>, type: string): boolean {
  return (plainCheckOf(type)?.(j) ?? -1) >= 0;
}

/** How many declared keys a chunk of `type` in its plain shape holds; -1 when it is not in it (see plainCheckOf). */
export function plainKeyCount(j: Record<string, unknown>, type: string): number {
  return plainCheckOf(type)?.(j) ?? -1;
}
