// Reads any supported input piece by piece, recognising the format by content alone (never by file
// name) from its first characters: `{` or `[` starts a JSON document (capture file, HAR, events,
// History API response), anything else is told apart by its first lines (an SSE body or JSON Lines).
// Frames go to the sink as they are read; nothing holds the whole text or its whole parse tree, except
// while the input could still be something else:
// - a text that starts like JSON may be JSON Lines after all (its first line is a complete value, or
//   it is no valid JSON): its first REPLAY_LIMIT characters are kept, and what was read from them is
//   held back, so it can be read again as lines;
// - a document that may be a History API response is kept whole: that response is one frame.
// The only error it throws is InputError.
import type { Connection } from '../model/frame';
import type { PendingFrame } from '../capture-format/build-capture';
import { InputError } from './input-error';
import type { InputSink } from './input-sink';
import { JsonWalker, type WalkHandler } from './json-walker';
import { LineSplitter } from './line-splitter';
import { DocumentReader } from './read-document';
import { JSON_LINES_SNIFF, JsonLinesReader, contentLine, looksLikeJsonLines } from './read-json-events';
import { SseReader, isSseFieldLine, looksLikeSse } from './read-sse';

export type InputFormat = 'capture' | 'har' | 'sse' | 'jsonl' | 'json-events' | 'history';

export interface InputEnd {
  format: InputFormat;
  /** Capture files keep their own frame order (`index`); every other input is ordered by time. */
  order: 'time' | 'index';
  dropped?: number;
  pageUrl?: string;
  /** The input carries no clock: frame times are made up (0, 1, 2… ms). */
  timing?: 'none';
  /** The first frames read had made-up times before a recorded one arrived: their times are 0 (EventClock). */
  untimedLead?: number;
}

/** Characters of a text that starts like JSON kept so it can be read again as JSON Lines. */
export const REPLAY_LIMIT = 4 * 1024 * 1024;

type Held = { connection: Connection } | { frame: PendingFrame };

/** Passes connections and frames on, or holds them until `release`. */
class HoldingSink implements InputSink {
  private held: Held[] | undefined = [];

  constructor(private readonly out: InputSink) {}

  connection(connection: Connection): void {
    if (this.held) this.held.push({ connection });
    else this.out.connection(connection);
  }

  frame(frame: PendingFrame): void {
    if (this.held) this.held.push({ frame });
    else this.out.frame(frame);
  }

  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const item of held) {
      if ('connection' in item) this.out.connection(item.connection);
      else this.out.frame(item.frame);
    }
  }
}

interface DocumentState {
  walker: JsonWalker;
  reader: DocumentReader;
  sink: HoldingSink;
  /** An InputError met while the text could still turn out to be JSON Lines; thrown if it does not. */
  deferred: InputError | undefined;
}

/** The first lines of a text that does not start like JSON (or turned out not to be JSON): they decide SSE or JSON Lines. */
interface LinesState {
  parts: string[];
  splitter: LineSplitter;
  lines: string[];
  nonBlank: boolean;
  content: number;
  decided: boolean;
}

export class InputReader {
  private phase: 'start' | 'document' | 'lines' | 'body' = 'start';
  private first = true;
  /** Leading white space, kept for a line-based input (it is part of its first line). */
  private leading = '';
  /** The text read so far, while it may be needed again (see the file comment). */
  private text: string[] | undefined = [];
  private textLength = 0;
  private document: DocumentState | undefined;
  private lines: LinesState | undefined;
  /** Why a text that starts like JSON is not a JSON document, once that is known. */
  private jsonProblem: string | undefined;
  private body: JsonLinesReader | SseReader | undefined;
  private format: InputFormat | undefined;

  constructor(private readonly out: InputSink) {}

  write(piece: string): void {
    if (this.first && piece.length > 0) {
      this.first = false;
      if (piece.charCodeAt(0) === 0xfeff) piece = piece.slice(1);
    }
    this.guard(() => this.route(piece));
  }

  /** The input is complete: flushes what is pending and says what the input was. */
  end(): InputEnd {
    return this.guard(() => this.finish());
  }

  private route(piece: string): void {
    switch (this.phase) {
      case 'start':
        return this.start(piece);
      case 'document':
        return this.writeDocument(piece);
      case 'lines':
        return this.writeLines(piece);
      case 'body':
        return this.body?.write(piece);
    }
  }

  private start(piece: string): void {
    const at = piece.search(/\S/);
    if (at < 0) {
      this.leading += piece;
      return;
    }
    const first = piece.charAt(at);
    if (first === '{' || first === '[') {
      this.leading = '';
      this.startDocument();
      this.writeDocument(piece.slice(at));
    } else {
      const text = this.leading + piece;
      this.leading = '';
      this.startLines();
      this.writeLines(text);
    }
  }

  private startDocument(): void {
    this.phase = 'document';
    const sink = new HoldingSink(this.out);
    const reader = new DocumentReader(sink);
    const state: DocumentState = { walker: undefined as unknown as JsonWalker, reader, sink, deferred: undefined };
    // After a deferred error the document is only walked (kept nowhere) to see whether it is valid JSON.
    const handler: WalkHandler = {
      walk: (path, kind) => (state.deferred ? true : this.defer(() => reader.walk(path, kind), true)),
      value: (path, value) => {
        if (!state.deferred) this.defer(() => reader.value(path, value), undefined);
      },
      leave: (path) => {
        if (!state.deferred) this.defer(() => reader.leave(path), undefined);
      },
    };
    state.walker = new JsonWalker(handler);
    this.document = state;
  }

  /** Runs reader work; an InputError waits while the text may still be read as lines. */
  private defer<T>(work: () => T, otherwise: T): T {
    try {
      return work();
    } catch (err) {
      const document = this.document;
      if (!(err instanceof InputError) || !document || this.text === undefined) throw err;
      document.deferred = err;
      return otherwise;
    }
  }

  private writeDocument(piece: string): void {
    const document = this.document as DocumentState;
    this.keep(piece, document);
    try {
      document.walker.write(piece);
    } catch (err) {
      if (err instanceof InputError) throw err;
      this.notDocument(err);
    }
  }

  /** Keeps the text while a replay or a History API response may need it; lets the held output go once neither can. */
  private keep(piece: string, document: DocumentState): void {
    if (this.text === undefined) return;
    this.text.push(piece);
    this.textLength += piece.length;
    if (this.textLength <= REPLAY_LIMIT || document.reader.needsText) return;
    this.text = undefined;
    if (document.deferred) throw document.deferred;
    document.sink.release();
  }

  /** The text that started like JSON is not one JSON document: JSON Lines, if its first lines say so. */
  private notDocument(err: unknown): void {
    const reason = syntaxReason(err);
    if (this.text === undefined) throw new InputError(`the input starts like JSON but is not valid JSON: ${reason}`);
    const text = this.text.join('');
    this.text = undefined;
    this.document = undefined;
    this.jsonProblem = reason;
    this.startLines();
    this.writeLines(text);
  }

  private startLines(): void {
    this.phase = 'lines';
    const state: LinesState = { parts: [], splitter: new LineSplitter((line) => this.sniffLine(state, line)), lines: [], nonBlank: false, content: 0, decided: false };
    this.lines = state;
  }

  private writeLines(piece: string): void {
    const state = this.lines as LinesState;
    state.parts.push(piece);
    state.splitter.write(piece);
  }

  private sniffLine(state: LinesState, line: string): void {
    if (state.decided) return;
    state.lines.push(line);
    if (line.trim() === '') return;
    // A first non-blank line that is an SSE field decides at once (not for a text that started like JSON).
    if (this.jsonProblem === undefined && !state.nonBlank && isSseFieldLine(line)) return this.decideLines(state);
    state.nonBlank = true;
    if (contentLine(line) !== '') state.content++;
    if (state.content >= JSON_LINES_SNIFF) this.decideLines(state);
  }

  private decideLines(state: LinesState): void {
    state.decided = true;
    const { lines } = state;
    if (this.jsonProblem === undefined && looksLikeSse(lines)) {
      this.format = 'sse';
      this.body = new SseReader(this.out);
    } else if (looksLikeJsonLines(lines)) {
      this.format = 'jsonl';
      this.body = new JsonLinesReader(this.out);
    } else if (this.jsonProblem !== undefined) {
      throw new InputError(`the input starts like JSON but is neither valid JSON nor JSON Lines: ${this.jsonProblem}`);
    } else {
      const firstLine = lines.find((line) => line.trim() !== '') ?? '';
      throw new InputError(
        'not a recognised input: expected an Agent Stream Inspector capture, a HAR file, an SSE body (lines starting ' +
          'with "data:", "event:", "id:", "retry:" or ":"), JSON Lines, a JSON array of events or a History API response; ' +
          `the first line is ${JSON.stringify(firstLine.length > 60 ? `${firstLine.slice(0, 60)}…` : firstLine)}`,
      );
    }
    // The body reader reads everything from the start; the sniffed text is let go.
    const text = state.parts.join('');
    state.parts = [];
    this.lines = undefined;
    this.phase = 'body';
    this.body.write(text);
  }

  private finish(): InputEnd {
    switch (this.phase) {
      case 'start':
        throw new InputError('the input is empty');
      case 'document':
        return this.finishDocument();
      case 'lines': {
        const state = this.lines as LinesState;
        state.splitter.end();
        if (!state.decided) this.decideLines(state);
        return this.finish();
      }
      case 'body': {
        this.body?.end();
        const lead = this.body instanceof JsonLinesReader ? this.body.untimedLead : 0;
        return { format: this.format as InputFormat, order: 'time', ...(this.body?.untimed && { timing: 'none' as const }), ...(lead > 0 && { untimedLead: lead }) };
      }
    }
  }

  private finishDocument(): InputEnd {
    const document = this.document as DocumentState;
    try {
      document.walker.end();
    } catch (err) {
      if (err instanceof InputError) throw err;
      this.notDocument(err);
      return this.finish();
    }
    if (document.deferred) throw document.deferred;
    const end = document.reader.finish(() => (this.text ?? []).join('').trimEnd());
    document.sink.release();
    return end;
  }

  private guard<T>(work: () => T): T {
    try {
      return work();
    } catch (err) {
      if (err instanceof InputError) throw err;
      // A reader bug or an engine limit (e.g. JSON nested too deep) must still reach the user as a reason.
      const reason = err instanceof Error ? err.message : String(err);
      throw new InputError(`could not read the input: ${reason}`);
    }
  }
}

/** The tokenizer's message without what depends on where the input was cut into pieces. */
function syntaxReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/ at chunk position "\d+" \(absolute position "(\d+)"\)/, ' at byte $1').replace(/ in state [A-Z_]+/, '');
}
