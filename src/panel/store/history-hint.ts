// Per protocol, a test a frame's text must pass to be a history read (a reloaded page reading its
// conversation back; src/analysis/history-live decides). It only spares decoding the others: a flood of
// text deltas is thousands of frames a second, each parsed once by its session's fold already. A test
// may let through frames that are not history reads (they are then decoded and looked at), never the
// reverse. AG-UI's history is a MESSAGES_SNAPSHOT event, whose text names it or writes it with an
// escape. Flat-block's is a JSON array or an object with `messages` (protocols/flat-block/history.ts):
// its text starts with `[` or names the key, or writes it with an escape. A protocol without a test here
// has every frame decoded; a base64 payload always is.
export const HISTORY_HINTS: Partial<Record<string, (data: string) => boolean>> = {
  'ag-ui': (data) => data.includes('SNAPSHOT') || data.includes('\\u'),
  'flat-block': (data) => data.includes('messages') || data.includes('\\u') || /^[ \t\n\r]*\[/.test(data),
};
