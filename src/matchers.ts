// Test matchers for vitest and jest (`agent-stream-inspector/matchers`):
//   expect.extend(agentStreamMatchers);
//   expect('captures/turn.har').toFollowProtocol('flat-block');
//   expect(capture).toRenderAs('assistant [final]: …');
// A received value is a file path, a Capture (or `readInput` result), or the text of an input.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { check, type CheckResult } from './api/check';
import type { CaptureSource } from './api/inspect';
import { render, type RenderOptions } from './api/render';
import { InputError } from './readers/read-input';
import type { ProtocolId } from './protocols/types';

export interface FollowProtocolOptions {
  /** The protocol every recognised session must speak. */
  protocol?: ProtocolId;
  /** Warnings that do not fail the match: `true` for all, or a list of rule ids. Info never fails it. */
  allowWarnings?: boolean | readonly string[];
}

export interface AgentStreamMatchers<R = unknown> {
  /** The capture is readable, speaks a recognised agent protocol, and has no error findings (nor warnings, unless allowed). */
  toFollowProtocol(options?: ProtocolId | FollowProtocolOptions): R;
  /** The reference rendering of the capture is this text (trailing newlines aside). */
  toRenderAs(text: string, options?: Omit<RenderOptions, 'format'>): R;
}

/** What vitest and jest pass as `this` to a matcher; only what these matchers use. */
interface MatcherContext {
  isNot?: boolean;
  utils?: { diff?(expected: unknown, actual: unknown): string | null | undefined };
}

interface MatcherResult {
  pass: boolean;
  message(): string;
  actual?: unknown;
  expected?: unknown;
}

/** A string is a path when it names an existing file; otherwise it is the input's text. */
function toSource(received: unknown): { source: CaptureSource; name: string } {
  if (typeof received === 'string') {
    if (!/[\r\n]/.test(received) && received.length < 4096 && existsSync(received) && statSync(received).isFile()) {
      return { source: readFileSync(received, 'utf8'), name: received };
    }
    return { source: received, name: 'the input text' };
  }
  if (typeof received === 'object' && received !== null) return { source: received as CaptureSource, name: 'the capture' };
  throw new InputError(`expected a file path, a Capture or input text, got ${received === null ? 'null' : typeof received}`);
}

function readFailure(err: unknown): MatcherResult {
  if (!(err instanceof InputError) && !(err instanceof RangeError)) throw err;
  const message = err.message;
  return { pass: false, message: () => `could not read the capture: ${message}` };
}

function toFollowProtocol(this: MatcherContext, received: unknown, options?: ProtocolId | FollowProtocolOptions): MatcherResult {
  const opts: FollowProtocolOptions = typeof options === 'string' ? { protocol: options } : (options ?? {});
  let name: string;
  let results: CheckResult[];
  try {
    const read = toSource(received);
    name = read.name;
    results = check(read.source, { file: read.name });
  } catch (err) {
    return readFailure(err);
  }
  const problems: string[] = [];
  const known = results.filter((r) => r.protocol !== 'unknown');
  if (known.length === 0) problems.push(`no agent protocol recognised in ${results.length} session(s)`);
  if (opts.protocol) {
    for (const r of known) if (r.protocol !== opts.protocol) problems.push(`session ${r.session} speaks ${r.protocol}, not ${opts.protocol}`);
  }
  const allowed = (rule: string) => opts.allowWarnings === true || (Array.isArray(opts.allowWarnings) && opts.allowWarnings.includes(rule));
  for (const r of results) {
    for (const f of r.findings) {
      if (f.severity === 'error' || (f.severity === 'warning' && !allowed(f.rule))) problems.push(`${r.session}:${f.location} ${f.severity} ${f.rule} ${f.message}`);
    }
  }
  const what = `${name} ${opts.protocol ? `to follow the ${opts.protocol} protocol` : 'to follow its agent protocol'}`;
  const pass = problems.length === 0;
  return {
    pass,
    message: () =>
      pass
        ? `expected ${what.replace(' to follow', ' not to follow')}, but it does (${known.map((r) => `${r.session}: ${r.protocol}, ${r.frames} frames`).join('; ')})`
        : `expected ${what}, but:\n${problems.map((p) => `  ${p}`).join('\n')}`,
  };
}

function toRenderAs(this: MatcherContext, received: unknown, expected: string, options: Omit<RenderOptions, 'format'> = {}): MatcherResult {
  let actual: string;
  let name: string;
  try {
    const read = toSource(received);
    name = read.name;
    actual = render(read.source, options);
  } catch (err) {
    return readFailure(err);
  }
  const normalise = (text: string) => `${text.replace(/\s+$/, '')}\n`;
  const pass = normalise(actual) === normalise(expected);
  return {
    pass,
    message: () => {
      if (pass) return `expected ${name} not to render as the given text, but it does`;
      const diff = this.utils?.diff?.(normalise(expected), normalise(actual));
      return `expected ${name} to render as the given text:\n${diff ?? `expected:\n${normalise(expected)}received:\n${normalise(actual)}`}`;
    },
  };
}

/** Pass to `expect.extend` (vitest or jest). */
export const agentStreamMatchers = { toFollowProtocol, toRenderAs };
