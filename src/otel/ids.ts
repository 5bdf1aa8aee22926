// Trace and span ids derived from what they name (the input and a request, tool call or conversation),
// so exporting the same file twice gives the same trace: FNV-1a over the text in independent 32-bit
// lanes, as lower-case hex (the OTLP/JSON form of ids).

function lanes(text: string, count: number): string {
  let out = '';
  for (let lane = 0; lane < count; lane++) {
    let h = (0x811c9dc5 ^ Math.imul(lane + 1, 0x9e3779b1)) >>> 0;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    out += (h >>> 0).toString(16).padStart(8, '0');
  }
  // An all-zero id is invalid in OpenTelemetry.
  return /^0+$/.test(out) ? `${out.slice(0, -1)}1` : out;
}

/** 16 bytes as 32 hex digits. */
export function traceId(file: string, what: string): string {
  return lanes(`${file}\u0000${what}`, 4);
}

/** 8 bytes as 16 hex digits. */
export function spanId(file: string, what: string): string {
  return lanes(`${file}\u0000span\u0000${what}`, 2);
}
