// Every AG-UI event type, the current ones and the legacy THINKING_* ones, as a small number worked out
// once per event. The fold and its stages (chunk expansion, verifier, advisor, applier) each switch on
// the type: on the string, a switch compares a freshly parsed type with each case's string in turn (a
// parsed string is never the case's own string object), which every stage paid for every event. The hand
// checks give the number of the events they take; other events get it from their type by one lookup.

/** An event type's number; 0 for none. */
export const enum Code {
  NONE = 0,
  TEXT_MESSAGE_START = 1,
  TEXT_MESSAGE_CONTENT = 2,
  TEXT_MESSAGE_END = 3,
  TEXT_MESSAGE_CHUNK = 4,
  TOOL_CALL_START = 5,
  TOOL_CALL_ARGS = 6,
  TOOL_CALL_END = 7,
  TOOL_CALL_CHUNK = 8,
  TOOL_CALL_RESULT = 9,
  STATE_SNAPSHOT = 10,
  STATE_DELTA = 11,
  MESSAGES_SNAPSHOT = 12,
  ACTIVITY_SNAPSHOT = 13,
  ACTIVITY_DELTA = 14,
  RAW = 15,
  CUSTOM = 16,
  RUN_STARTED = 17,
  RUN_FINISHED = 18,
  RUN_ERROR = 19,
  STEP_STARTED = 20,
  STEP_FINISHED = 21,
  REASONING_START = 22,
  REASONING_MESSAGE_START = 23,
  REASONING_MESSAGE_CONTENT = 24,
  REASONING_MESSAGE_END = 25,
  REASONING_MESSAGE_CHUNK = 26,
  REASONING_END = 27,
  REASONING_ENCRYPTED_VALUE = 28,
  SUBAGENT_STARTED = 29,
  SUBAGENT_FINISHED = 30,
  SUBAGENT_ERROR = 31,
  THINKING_START = 32,
  THINKING_END = 33,
  THINKING_TEXT_MESSAGE_START = 34,
  THINKING_TEXT_MESSAGE_CONTENT = 35,
  THINKING_TEXT_MESSAGE_END = 36,
}

const NAMES: Record<Exclude<Code, Code.NONE>, string> = {
  [Code.TEXT_MESSAGE_START]: 'TEXT_MESSAGE_START',
  [Code.TEXT_MESSAGE_CONTENT]: 'TEXT_MESSAGE_CONTENT',
  [Code.TEXT_MESSAGE_END]: 'TEXT_MESSAGE_END',
  [Code.TEXT_MESSAGE_CHUNK]: 'TEXT_MESSAGE_CHUNK',
  [Code.TOOL_CALL_START]: 'TOOL_CALL_START',
  [Code.TOOL_CALL_ARGS]: 'TOOL_CALL_ARGS',
  [Code.TOOL_CALL_END]: 'TOOL_CALL_END',
  [Code.TOOL_CALL_CHUNK]: 'TOOL_CALL_CHUNK',
  [Code.TOOL_CALL_RESULT]: 'TOOL_CALL_RESULT',
  [Code.STATE_SNAPSHOT]: 'STATE_SNAPSHOT',
  [Code.STATE_DELTA]: 'STATE_DELTA',
  [Code.MESSAGES_SNAPSHOT]: 'MESSAGES_SNAPSHOT',
  [Code.ACTIVITY_SNAPSHOT]: 'ACTIVITY_SNAPSHOT',
  [Code.ACTIVITY_DELTA]: 'ACTIVITY_DELTA',
  [Code.RAW]: 'RAW',
  [Code.CUSTOM]: 'CUSTOM',
  [Code.RUN_STARTED]: 'RUN_STARTED',
  [Code.RUN_FINISHED]: 'RUN_FINISHED',
  [Code.RUN_ERROR]: 'RUN_ERROR',
  [Code.STEP_STARTED]: 'STEP_STARTED',
  [Code.STEP_FINISHED]: 'STEP_FINISHED',
  [Code.REASONING_START]: 'REASONING_START',
  [Code.REASONING_MESSAGE_START]: 'REASONING_MESSAGE_START',
  [Code.REASONING_MESSAGE_CONTENT]: 'REASONING_MESSAGE_CONTENT',
  [Code.REASONING_MESSAGE_END]: 'REASONING_MESSAGE_END',
  [Code.REASONING_MESSAGE_CHUNK]: 'REASONING_MESSAGE_CHUNK',
  [Code.REASONING_END]: 'REASONING_END',
  [Code.REASONING_ENCRYPTED_VALUE]: 'REASONING_ENCRYPTED_VALUE',
  [Code.SUBAGENT_STARTED]: 'SUBAGENT_STARTED',
  [Code.SUBAGENT_FINISHED]: 'SUBAGENT_FINISHED',
  [Code.SUBAGENT_ERROR]: 'SUBAGENT_ERROR',
  [Code.THINKING_START]: 'THINKING_START',
  [Code.THINKING_END]: 'THINKING_END',
  [Code.THINKING_TEXT_MESSAGE_START]: 'THINKING_TEXT_MESSAGE_START',
  [Code.THINKING_TEXT_MESSAGE_CONTENT]: 'THINKING_TEXT_MESSAGE_CONTENT',
  [Code.THINKING_TEXT_MESSAGE_END]: 'THINKING_TEXT_MESSAGE_END',
};

const CODES = new Map<string, Code>(Object.entries(NAMES).map(([code, name]) => [name, Number(code) as Code]));

/** The number of an event type; Code.NONE for a string that is none. */
export function codeOf(type: string): Code {
  return CODES.get(type) ?? Code.NONE;
}

/** The event type a number stands for (the wire name, e.g. `TEXT_MESSAGE_CONTENT`). */
export function typeName(code: Code): string {
  return code === Code.NONE ? '' : NAMES[code];
}
