// The commonest v4 data stream lines in the compact form the server writes (`JSON.stringify` of each
// part), read off the line: the value JSON.parse would give, made with a known shape, where JSON.parse
// would look every key up and walk the shapes it makes. Each reader matches the whole line, so a line
// it reads is one JSON.parse reads the same (fast-path.test.ts); any other line, with other keys, in
// another order, with spaces, or with strings holding escapes where the reader takes none, is left to
// JSON.parse.

/** A JSON string holding no escape (nor a quote or control character): its text is its value. */
const PLAIN = '"([^"\\\\\\u0000-\\u001f]*)"';
/** A JSON string, escapes and all. */
const STRING = '("(?:[^"\\\\\\u0000-\\u001f]|\\\\["\\\\/bfnrt]|\\\\u[0-9a-fA-F]{4})*")';
/** A JSON number: Number() reads it as JSON.parse does. */
const NUMBER = '(-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)';
/** Any text: the rest of the line after a fixed start, for JSON.parse to read alone. */
const REST = '([\\s\\S]*)';

const line = (code: string, body: string): RegExp => new RegExp(`^${code}:${body}$`);
const USAGE = `\\{"promptTokens":${NUMBER},"completionTokens":${NUMBER}\\}`;

const TEXT = line('[0g]', PLAIN);
const START_STEP = line('f', `\\{"messageId":${PLAIN}\\}`);
const STREAMING_START = line('b', `\\{"toolCallId":${PLAIN},"toolName":${PLAIN}\\}`);
const DELTA = line('c', `\\{"toolCallId":${PLAIN},"argsTextDelta":${STRING}\\}`);
const FINISH_STEP = line('e', `\\{"finishReason":${PLAIN},"usage":${USAGE},"isContinued":(true|false)\\}`);
const FINISH_MESSAGE = line('d', `\\{"finishReason":${PLAIN},"usage":${USAGE}\\}`);
const TOOL_CALL = line('9', `\\{"toolCallId":${PLAIN},"toolName":${PLAIN},"args":${REST}\\}`);
const TOOL_RESULT = line('a', `\\{"toolCallId":${PLAIN},"result":${REST}\\}`);

/** Returned for a line none of the readers takes. */
export const UNREAD: unique symbol = Symbol('not read');

/**
 * The value JSON.parse gives for the JSON after `<code>:` in `text`, when the line has one of the
 * compact shapes above; UNREAD otherwise. `code` is the line's first character code.
 */
export function readCompactLine(text: string, code: number): unknown {
  let m: RegExpExecArray | null;
  switch (code) {
    case 0x30: // 0: text
    case 0x67: // g: reasoning
      m = TEXT.exec(text);
      return m ? m[1] : UNREAD;
    case 0x66: // f: start_step
      m = START_STEP.exec(text);
      return m ? { messageId: m[1] } : UNREAD;
    case 0x62: // b: tool_call_streaming_start
      m = STREAMING_START.exec(text);
      return m ? { toolCallId: m[1], toolName: m[2] } : UNREAD;
    case 0x63: // c: tool_call_delta
      m = DELTA.exec(text);
      // The string's grammar is checked: it parses alone, to what it is inside the line.
      return m ? { toolCallId: m[1], argsTextDelta: JSON.parse(m[2] as string) as string } : UNREAD;
    case 0x65: // e: finish_step
      m = FINISH_STEP.exec(text);
      return m ? { finishReason: m[1], usage: { promptTokens: Number(m[2]), completionTokens: Number(m[3]) }, isContinued: m[4] === 'true' } : UNREAD;
    case 0x64: // d: finish_message
      m = FINISH_MESSAGE.exec(text);
      return m ? { finishReason: m[1], usage: { promptTokens: Number(m[2]), completionTokens: Number(m[3]) } } : UNREAD;
    case 0x39: { // 9: tool_call
      m = TOOL_CALL.exec(text);
      const args = m ? parsedAlone(m[3] as string) : UNREAD;
      return m && args !== UNREAD ? { toolCallId: m[1], toolName: m[2], args } : UNREAD;
    }
    case 0x61: { // a: tool_result
      m = TOOL_RESULT.exec(text);
      const result = m ? parsedAlone(m[2] as string) : UNREAD;
      return m && result !== UNREAD ? { toolCallId: m[1], result } : UNREAD;
    }
    default:
      return UNREAD;
  }
}

/**
 * JSON.parse(rest) when `rest`, the line after its fixed start up to its closing brace, is one JSON
 * value: the line is then the object with that value last. UNREAD when it is not (the line may still
 * be JSON, with more keys after it: JSON.parse of the whole line says).
 */
function parsedAlone(rest: string): unknown {
  try {
    return JSON.parse(rest) as unknown;
  } catch {
    return UNREAD;
  }
}
