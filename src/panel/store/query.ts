// The timeline's filter language, in the manner of the Network panel's filter box: words are searched
// inside payloads, `/regex/` matches payload text, `-` negates a term, and `key:value` terms filter
// on what the row shows (`type:`, `dir:`, `conn:`, `larger-than:`, `has:`/`is:`, `kind:`). Every term must
// match. A term that does not parse (an unknown key, a bad regex) is searched as plain text, so a
// person typing never gets an error, only fewer rows.
import type { Severity } from '../../model/finding';

export type QueryTerm =
  | { kind: 'text'; value: string; negate: boolean }
  | { kind: 'regex'; value: RegExp; negate: boolean }
  | { kind: 'type'; value: string; negate: boolean }
  | { kind: 'dir'; value: 'in' | 'out'; negate: boolean }
  | { kind: 'conn'; value: string; negate: boolean }
  | { kind: 'larger-than'; value: number; negate: boolean }
  | { kind: 'has'; value: 'finding' | Severity; negate: boolean }
  /** `is:cut`: a payload the capture cut short; `is:gap`: a frame right after ones the capture did not keep. */
  | { kind: 'capture'; value: 'cut' | 'gap'; negate: boolean }
  | { kind: 'frame-kind'; value: string; negate: boolean };

export interface ParsedQuery {
  source: string;
  terms: QueryTerm[];
}

/** What a term is matched against: one frame as the timeline shows it. */
export interface QueryRow {
  /** Payload text (lower-cased on demand by the matcher). */
  text(): string;
  /** The Event column's label. */
  event(): string;
  direction: 'in' | 'out';
  /** Connection id and the label the Connection column shows. */
  connection: string;
  connectionLabel: string;
  bytes: number;
  frameKind: string;
  severity: Severity | undefined;
  /** The capture cut the payload (`truncated`). */
  cut: boolean;
  /** Frames of the connection right before this one were not kept (`notKeptBefore`). */
  gap: boolean;
}

export const FILTER_KEYS = ['type', 'dir', 'conn', 'larger-than', 'has', 'kind'] as const;

const SEVERITIES: readonly string[] = ['error', 'warning', 'info'];

export function parseQuery(source: string): ParsedQuery {
  const terms: QueryTerm[] = [];
  for (const raw of tokenize(source)) {
    const negate = raw.length > 1 && raw.startsWith('-');
    const token = negate ? raw.slice(1) : raw;
    terms.push(parseTerm(token, negate));
  }
  return { source, terms };
}

export function isEmptyQuery(query: ParsedQuery): boolean {
  return query.terms.length === 0;
}

/**
 * Splits on white space. A term that starts with a double quote runs to the term that ends with one, so
 * `"tool call"` is one phrase; quotes inside a term are kept as typed, so `"name":"web_search"` searches
 * for that JSON text. A /regex/ may hold spaces: it runs to its closing slash.
 */
function tokenize(source: string): string[] {
  const out: string[] = [];
  const words = source.split(/\s+/).filter((w) => w !== '');
  for (let i = 0; i < words.length; i++) {
    let word = words[i] as string;
    const bare = word.startsWith('-') ? word.slice(1) : word;
    // A phrase opens with a quote at the start of the term or of a key's value (`type:"delta: text"`).
    const quoted = bare.startsWith('"') ? bare : /^[a-z-]+:"/i.test(bare) ? bare.slice(bare.indexOf(':') + 1) : '';
    const opensPhrase = quoted !== '' && !(quoted.length > 1 && quoted.endsWith('"'));
    const opensRegex = quoted === '' && bare.startsWith('/') && !(bare.length > 1 && /\/[a-z]*$/.test(bare.slice(1)));
    if (opensPhrase || opensRegex) {
      const closes = (w: string) => (opensPhrase ? w.endsWith('"') : /\/[a-z]*$/.test(w));
      let j = i + 1;
      while (j < words.length && !closes(words[j] as string)) j++;
      if (j < words.length) {
        word = words.slice(i, j + 1).join(' ');
        i = j;
      }
    }
    out.push(word);
  }
  return out;
}

/** `"a phrase"` → `a phrase`; anything else as typed. */
function unquote(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

function parseTerm(token: string, negate: boolean): QueryTerm {
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(token);
  if (regex) {
    try {
      const flags = regex[2] as string;
      return { kind: 'regex', value: new RegExp(regex[1] as string, flags.includes('i') ? flags : `${flags}i`), negate };
    } catch {
      return { kind: 'text', value: token.toLowerCase(), negate };
    }
  }
  // A wholly quoted term is a phrase, whatever it holds (`"name":"web_search"` included).
  if (token.length >= 2 && token.startsWith('"') && token.endsWith('"')) return { kind: 'text', value: unquote(token).toLowerCase(), negate };
  const colon = token.indexOf(':');
  if (colon > 0) {
    const key = token.slice(0, colon).toLowerCase();
    const value = unquote(token.slice(colon + 1));
    const term = keyTerm(key, value, negate);
    if (term) return term;
  }
  return { kind: 'text', value: token.toLowerCase(), negate };
}

function keyTerm(key: string, value: string, negate: boolean): QueryTerm | undefined {
  const lower = value.toLowerCase();
  switch (key) {
    case 'type':
      return value ? { kind: 'type', value: lower, negate } : undefined;
    case 'dir':
    case 'direction':
      if (lower === 'in' || lower === 'received' || lower === 'recv') return { kind: 'dir', value: 'in', negate };
      if (lower === 'out' || lower === 'sent' || lower === 'send') return { kind: 'dir', value: 'out', negate };
      return undefined;
    case 'conn':
    case 'connection':
      return value ? { kind: 'conn', value: lower, negate } : undefined;
    case 'larger-than': {
      const bytes = parseBytes(lower);
      return bytes === undefined ? undefined : { kind: 'larger-than', value: bytes, negate };
    }
    case 'has':
    case 'is':
      if (lower === 'finding' || lower === 'findings') return { kind: 'has', value: 'finding', negate };
      if (SEVERITIES.includes(lower)) return { kind: 'has', value: lower as Severity, negate };
      if (lower === 'cut') return { kind: 'capture', value: 'cut', negate };
      if (lower === 'gap' || lower === 'not-kept') return { kind: 'capture', value: 'gap', negate };
      return undefined;
    case 'kind':
      return value ? { kind: 'frame-kind', value: lower, negate } : undefined;
    default:
      return undefined;
  }
}

/** `500`, `1k`, `2.5kB`, `1M`: decimal units, as the Network panel's `larger-than:`. */
export function parseBytes(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*(b|k|kb|m|mb)?$/.exec(text.toLowerCase());
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2] ?? 'b';
  const scale = unit.startsWith('m') ? 1_000_000 : unit.startsWith('k') ? 1000 : 1;
  return Math.round(n * scale);
}

export function matchesQuery(query: ParsedQuery, row: QueryRow): boolean {
  let lowerText: string | undefined;
  const text = () => (lowerText ??= row.text().toLowerCase());
  for (const term of query.terms) {
    if (matchesTerm(term, row, text) === term.negate) return false;
  }
  return true;
}

function matchesTerm(term: QueryTerm, row: QueryRow, text: () => string): boolean {
  switch (term.kind) {
    case 'text':
      return text().includes(term.value);
    case 'regex':
      term.value.lastIndex = 0;
      return term.value.test(row.text());
    case 'type':
      return row.event().toLowerCase().includes(term.value);
    case 'dir':
      return row.direction === term.value;
    case 'conn':
      return row.connection.toLowerCase() === term.value || row.connectionLabel.toLowerCase().includes(term.value);
    case 'larger-than':
      return row.bytes > term.value;
    case 'has':
      return term.value === 'finding' ? row.severity !== undefined : row.severity === term.value;
    case 'frame-kind':
      return row.frameKind === term.value;
    case 'capture':
      return term.value === 'cut' ? row.cut : row.gap;
  }
}

/** Whether any term needs the findings (so the list is recomputed when findings change). */
export function queryUsesFindings(query: ParsedQuery): boolean {
  return query.terms.some((t) => t.kind === 'has');
}
