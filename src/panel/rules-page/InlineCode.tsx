// Rule texts mark code with backticks, as in Markdown (docs/rules.md is generated from the same text):
// on the page each `…` becomes a <code> element. Text nodes only: the texts are shown as written, never
// parsed as HTML.

export interface TextPart {
  text: string;
  code: boolean;
}

/** The text cut into plain and code parts; a backtick without its pair stays as text. */
export function inlineCodeParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(/`([^`]+)`/g)) {
    if (match.index > from) parts.push({ text: text.slice(from, match.index), code: false });
    parts.push({ text: match[1] ?? '', code: true });
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), code: false });
  return parts;
}

export function InlineCode({ text }: { text: string }) {
  return <>{inlineCodeParts(text).map((part, i) => (part.code ? <code key={i}>{part.text}</code> : part.text))}</>;
}
