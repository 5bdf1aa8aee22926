// Walks a JSON document as it arrives in pieces. The handler chooses, container by container, whether
// to walk into it (its members then arrive one at a time and nothing of it is kept here) or to have it
// collected whole; so a HAR entry with a million WebSocket messages never becomes one parse tree.
// Tokens (strings with their escapes resolved, numbers, UTF-8 split across pieces) come from
// @streamparser/json's Tokenizer; this file keeps the grammar and builds the collected values.
import { Tokenizer } from '@streamparser/json';
import TokenType from '@streamparser/json/utils/types/tokenType.js';
import type { ParsedTokenInfo } from '@streamparser/json';

export type JsonPath = readonly (string | number)[];
export type ContainerKind = 'object' | 'array';

export interface WalkHandler {
  /** A container starts at `path`: true walks into it, false collects it whole for `value`. */
  walk(path: JsonPath, kind: ContainerKind): boolean;
  /** A value that was not walked into, complete. */
  value(path: JsonPath, value: unknown): void;
  /** A walked container ended. */
  leave(path: JsonPath, kind: ContainerKind): void;
}

const enum Expect {
  KeyOrEnd,
  Key,
  Colon,
  Value,
  ValueOrEnd,
  CommaOrEnd,
}

interface Level {
  kind: ContainerKind;
  expect: Expect;
  next: number;
  /** The value being collected; undefined for a walked container. */
  built: Record<string, unknown> | unknown[] | undefined;
  key: string;
}

export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
}

export class JsonWalker {
  private readonly tokenizer = new Tokenizer();
  private readonly levels: Level[] = [];
  private readonly path: (string | number)[] = [];
  /** How many of the innermost levels are being collected rather than walked. */
  private building = 0;
  private started = false;
  private ended = false;

  constructor(private readonly handler: WalkHandler) {
    this.tokenizer.onToken = (token) => this.token(token);
  }

  /** True once the top-level value is complete. */
  get done(): boolean {
    return this.ended;
  }

  write(piece: string): void {
    this.tokenizer.write(piece);
  }

  end(): void {
    this.tokenizer.end();
    if (!this.ended) throw new JsonSyntaxError('the JSON text ends before its value does');
  }

  private token(info: ParsedTokenInfo): void {
    const { token } = info;
    const level = this.levels[this.levels.length - 1];
    if (!level) {
      if (this.started) this.unexpected(info, 'after the JSON value');
      this.started = true;
      this.startValue(info);
      return;
    }
    switch (level.expect) {
      case Expect.KeyOrEnd:
      case Expect.Key:
        if (token === TokenType.STRING) {
          if (level.built) level.key = info.value as string;
          else this.path[this.path.length - 1] = info.value as string;
          level.expect = Expect.Colon;
        } else if (token === TokenType.RIGHT_BRACE && level.expect === Expect.KeyOrEnd) this.close();
        else this.unexpected(info, 'where an object key belongs');
        return;
      case Expect.Colon:
        if (token !== TokenType.COLON) this.unexpected(info, 'where ":" belongs');
        level.expect = Expect.Value;
        return;
      case Expect.ValueOrEnd:
        if (token === TokenType.RIGHT_BRACKET) return this.close();
      // falls through: any other token starts the array's first value
      case Expect.Value:
        if (level.kind === 'array' && !level.built) this.path[this.path.length - 1] = level.next++;
        level.expect = Expect.CommaOrEnd;
        this.startValue(info);
        return;
      case Expect.CommaOrEnd:
        if (token === TokenType.COMMA) level.expect = level.kind === 'object' ? Expect.Key : Expect.Value;
        else if (token === (level.kind === 'object' ? TokenType.RIGHT_BRACE : TokenType.RIGHT_BRACKET)) this.close();
        else this.unexpected(info, 'where "," or the end of the container belongs');
        return;
    }
  }

  private startValue(info: ParsedTokenInfo): void {
    const { token } = info;
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      const kind: ContainerKind = token === TokenType.LEFT_BRACE ? 'object' : 'array';
      const expect = kind === 'object' ? Expect.KeyOrEnd : Expect.ValueOrEnd;
      if (this.building === 0 && this.handler.walk(this.path, kind)) {
        this.levels.push({ kind, expect, next: 0, built: undefined, key: '' });
        this.path.push(kind === 'object' ? '' : 0);
        return;
      }
      this.building++;
      this.levels.push({ kind, expect, next: 0, built: kind === 'object' ? {} : [], key: '' });
      return;
    }
    if (token === TokenType.STRING || token === TokenType.NUMBER || token === TokenType.TRUE || token === TokenType.FALSE || token === TokenType.NULL) {
      this.valueDone(info.value);
      return;
    }
    this.unexpected(info, 'where a value belongs');
  }

  private valueDone(value: unknown): void {
    const parent = this.levels[this.levels.length - 1];
    if (parent?.built) {
      if (Array.isArray(parent.built)) parent.built.push(value);
      // As JSON.parse: a "__proto__" key is an own field, never the object's prototype.
      else if (parent.key === '__proto__') Object.defineProperty(parent.built, '__proto__', { value, writable: true, enumerable: true, configurable: true });
      else parent.built[parent.key] = value;
      return;
    }
    if (!parent) this.ended = true;
    this.handler.value(this.path, value);
  }

  private close(): void {
    const level = this.levels.pop() as Level;
    if (level.built) {
      this.building--;
      this.valueDone(level.built);
      return;
    }
    this.path.pop();
    if (this.levels.length === 0) this.ended = true;
    this.handler.leave(this.path, level.kind);
  }

  private unexpected(info: ParsedTokenInfo, where: string): never {
    throw new JsonSyntaxError(`unexpected ${TOKEN_TEXT[info.token] ?? 'token'} ${where} at byte ${info.offset}`);
  }
}

const TOKEN_TEXT: Partial<Record<TokenType, string>> = {
  [TokenType.LEFT_BRACE]: '"{"',
  [TokenType.RIGHT_BRACE]: '"}"',
  [TokenType.LEFT_BRACKET]: '"["',
  [TokenType.RIGHT_BRACKET]: '"]"',
  [TokenType.COLON]: '":"',
  [TokenType.COMMA]: '","',
  [TokenType.STRING]: 'string',
  [TokenType.NUMBER]: 'number',
  [TokenType.TRUE]: 'true',
  [TokenType.FALSE]: 'false',
  [TokenType.NULL]: 'null',
};
