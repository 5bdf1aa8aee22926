// Test helpers for the AI SDK folds: build frames from chunks or SSE bodies and run a pipeline.
import type { Frame } from '../../model/frame';
import type { Finding } from '../../model/finding';
import type { ViewItem, ViewModel, ToolItem, TextItem, ReasoningItem } from '../../model/view';
import { SessionPipeline } from '../../analysis/pipeline';
import { readInput } from '../../readers/read-input';
import type { ProtocolDefinition, ProtocolId } from '../types';
import { aisdkUiProtocol } from './index';
import { pushAll } from '../../model/push-all';

/** One in-direction message frame per chunk: objects are sent as JSON, strings as is (e.g. `[DONE]`). */
export function chunkFrames(chunks: readonly unknown[]): Frame[] {
  return chunks.map((c, index) => ({
    index,
    connectionId: 'c1',
    time: index,
    direction: 'in',
    kind: 'message',
    data: typeof c === 'string' ? c : JSON.stringify(c),
  }));
}

/** The SSE body as `data:` records, the way an AI SDK server writes it. */
export function toSse(chunks: readonly unknown[]): string {
  return chunks.map((c) => `data: ${typeof c === 'string' ? c : JSON.stringify(c)}\n\n`).join('');
}

export function framesOfSse(body: string): Frame[] {
  return readInput(body).capture.frames;
}

/**
 * The frames behind the chat request that asked for them (`messages` as given): a stream whose request
 * is captured is judged against the conversation the client holds.
 */
export function withRequest(frames: readonly Frame[], messages: readonly unknown[] = []): Frame[] {
  const request: Frame = { index: 0, connectionId: frames[0]?.connectionId ?? 'c1', time: 0, direction: 'out', kind: 'message', data: JSON.stringify({ id: 'chat-1', messages, trigger: 'submit-message' }) };
  return [request, ...frames.map((f) => ({ ...f, index: f.index + 1 }))];
}

export interface RunResult {
  view: ViewModel;
  findings: readonly Finding[];
  pipeline: SessionPipeline;
}

export function run(
  frames: readonly Frame[],
  protocol: ProtocolDefinition = aisdkUiProtocol,
  options: { finish?: boolean; detect?: boolean } = {},
): RunResult {
  const opts = options.detect ? {} : { protocol: protocol.id as ProtocolId };
  const pipeline = new SessionPipeline([protocol], opts);
  for (const f of frames) pipeline.append(f);
  if (options.finish !== false) pipeline.finish();
  return { view: pipeline.view(), findings: pipeline.findings(), pipeline };
}

export function runChunks(chunks: readonly unknown[], options: { finish?: boolean } = {}): RunResult {
  return run(chunkFrames(chunks), aisdkUiProtocol, options);
}

/** Every item, groups flattened, in display order. */
export function flatItems(items: readonly ViewItem[]): ViewItem[] {
  const out: ViewItem[] = [];
  for (const item of items) {
    out.push(item);
    if (item.kind === 'group') pushAll(out, flatItems(item.items));
  }
  return out;
}

export function textsOf(view: ViewModel): string[] {
  return flatItems(view.items).filter((i): i is TextItem => i.kind === 'text').map((i) => i.text);
}

export function reasoningOf(view: ViewModel): string[] {
  return flatItems(view.items).filter((i): i is ReasoningItem => i.kind === 'reasoning').map((i) => i.text);
}

export function toolsOf(view: ViewModel): ToolItem[] {
  return flatItems(view.items).filter((i): i is ToolItem => i.kind === 'tool');
}

export function rulesOf(findings: readonly Finding[]): string[] {
  return findings.map((f) => f.rule);
}

export function errorsOf(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.severity === 'error');
}
