// A JSON document input (capture file, HAR, JSON array or named arrays of events, History API
// response), read as the JSON walker delivers it. What is large in practice is read member by member:
// a capture file's `frames` (when `format` comes first, as exports write it), a HAR's `log.entries`
// and each entry's `_webSocketMessages`, and the elements of a top-level array. The rest is small and
// collected whole. The first of `format` and `log.entries` decides between a capture file and a HAR.
import type { Connection } from '../model/frame';
import { InputError, describeValue } from './input-error';
import type { InputSink } from './input-sink';
import { emitCapture } from './input-sink';
import type { ContainerKind, JsonPath, WalkHandler } from './json-walker';
import { isObject, looksLikeHistory } from './json-shapes';
import { CaptureFileReader, isCaptureFormat } from './read-capture';
import { WebSocketMessages, readHarEntry } from './read-har';
import { readHistory } from './read-history';
import { EventClock, elementFrame, isNamedScenarios, readJsonEvents } from './read-json-events';

export type DocumentFormat = 'capture' | 'har' | 'history' | 'json-events';

export interface DocumentEnd {
  format: DocumentFormat;
  /** Capture files keep their own frame order; everything else is ordered by time. */
  order: 'time' | 'index';
  dropped?: number;
  pageUrl?: string;
  /** The input carries no clock: frame times are made up. */
  timing?: 'none';
  /** See InputEnd.untimedLead. */
  untimedLead?: number;
}

interface HarEntry {
  index: number;
  fields: Map<string, unknown>;
  messages: WebSocketMessages | undefined;
}

export class DocumentReader implements WalkHandler {
  private root: ContainerKind | undefined;
  private readonly fields = new Map<string, unknown>();
  private logFields: Map<string, unknown> | undefined;
  private capture: CaptureFileReader | undefined;
  private har = false;
  private entry: HarEntry | undefined;
  // A top-level array is a History API answer only if every element is a message: until one is not, the elements wait.
  private historyPossible = true;
  private waiting: unknown[] = [];
  private readonly clock = new EventClock();

  constructor(private readonly out: InputSink) {}

  /** True while the document may turn out a History API response, whose one frame is the document's text. */
  get needsText(): boolean {
    if (this.root === 'array') return this.historyPossible;
    return this.capture === undefined && !this.har;
  }

  walk(path: JsonPath, kind: ContainerKind): boolean {
    const depth = path.length;
    if (depth === 0) {
      this.root = kind;
      return true;
    }
    if (this.root === 'array') return false;
    if (depth === 1) {
      if (path[0] === 'log' && kind === 'object' && !this.capture) {
        this.logFields = new Map();
        return true;
      }
      if (path[0] !== 'frames' || kind !== 'array' || !this.capture || this.fields.has('frames')) return false;
      this.capture.startFrames(this.fields.get('connections'));
      return true;
    }
    if (path[0] !== 'log') return false;
    if (depth === 2) {
      if (path[1] !== 'entries') return false;
      this.har = true;
      return kind === 'array';
    }
    if (depth === 3) {
      if (kind !== 'object') return false;
      this.entry = { index: path[2] as number, fields: new Map(), messages: undefined };
      return true;
    }
    if (depth === 4 && path[3] === '_webSocketMessages' && kind === 'array' && this.entry) {
      this.entry.messages = new WebSocketMessages(this.entry.index);
      return true;
    }
    return false;
  }

  value(path: JsonPath, value: unknown): void {
    const depth = path.length;
    if (this.root === 'array') return this.element(value);
    const key = path[depth - 1] as string;
    if (depth === 1) {
      this.fields.set(key, value);
      if (key === 'format' && isCaptureFormat(value) && !this.har) this.capture ??= new CaptureFileReader(
          (frame) => this.out.frame(frame),
          (connection) => this.out.connection(connection),
        );
      return;
    }
    if (path[0] === 'frames') return this.capture?.frame(value);
    if (depth === 2) {
      if (key === 'entries') this.har = true;
      this.logFields?.set(key, value);
      return;
    }
    // Inside log.entries: a whole entry that is not an object, a field of an entry, or one WebSocket message.
    if (depth === 3) return readHarEntry(value, path[2] as number, this.out);
    if (depth === 4) {
      this.entry?.fields.set(key, value);
      return;
    }
    this.entry?.messages?.add(value);
  }

  leave(path: JsonPath): void {
    if (this.root === 'object' && path.length === 3 && path[0] === 'log' && this.entry) {
      const { fields, index, messages } = this.entry;
      this.entry = undefined;
      readHarEntry(Object.fromEntries(fields), index, this.out, messages);
    }
  }

  /** The document is complete; `text` gives its text (trimmed) while `needsText` holds. */
  finish(text: () => string): DocumentEnd {
    if (this.root === 'array') {
      if (this.historyPossible && this.waiting.some((m) => isObject(m) && 'display_type' in m)) return this.history(text());
      if (this.historyPossible) this.releaseEvents();
      return { format: 'json-events', order: 'time', ...(!this.clock.recorded && { timing: 'none' as const }), ...(this.clock.lead > 0 && { untimedLead: this.clock.lead }) };
    }
    if (this.capture) {
      const top = this.capture.finish(Object.fromEntries(this.fields));
      if (!top.announced) for (const connection of top.connections) this.out.connection(connection);
      const end: DocumentEnd = { format: 'capture', order: 'index', dropped: top.dropped };
      if (top.pageUrl !== undefined) end.pageUrl = top.pageUrl;
      if (top.timing !== undefined) end.timing = top.timing;
      return end;
    }
    if (this.har) {
      const entries = this.logFields?.get('entries');
      if (entries !== undefined && !Array.isArray(entries)) throw new InputError(`HAR: log.entries is ${describeValue(entries)}, not an array`);
      return { format: 'har', order: 'time' };
    }
    const value: Record<string, unknown> = Object.fromEntries(this.fields);
    if (this.logFields) value.log = Object.fromEntries(this.logFields);
    if (looksLikeHistory(value)) return this.history(text());
    const events = readJsonEvents(isNamedScenarios(value) ? value : [value]);
    emitCapture(this.out, events);
    return { format: 'json-events', order: 'time', ...(events.timing && { timing: events.timing }) };
  }

  private element(value: unknown): void {
    if (this.historyPossible) {
      this.waiting.push(value);
      if (isObject(value) && typeof value.role === 'string') return;
      this.historyPossible = false;
      this.releaseEvents();
      return;
    }
    this.out.frame(elementFrame(value, undefined, 'file', this.clock));
  }

  private releaseEvents(): void {
    const waiting = this.waiting;
    this.waiting = [];
    this.out.connection({ id: 'file', transport: 'file' } satisfies Connection);
    for (const value of waiting) this.out.frame(elementFrame(value, undefined, 'file', this.clock));
  }

  private history(text: string): DocumentEnd {
    emitCapture(this.out, readHistory(text));
    return { format: 'history', order: 'time', timing: 'none' };
  }
}
