// Text from the page (session keys, tool names and ids) printed on a terminal.

/**
 * Control characters (escape sequences, line breaks) are shown as `\u{…}` so they can neither restyle
 * the terminal nor fake a line of output.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
}
