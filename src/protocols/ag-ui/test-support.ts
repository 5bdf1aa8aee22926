// Helpers for this folder's tests: frames from events or from an SSE body, and a pipeline run.
import { createParser } from 'eventsource-parser';
import { readFileSync } from 'node:fs';
import type { Frame } from '../../model/frame';
import type { Finding } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import { SessionPipeline } from '../../analysis/pipeline';
import { agUiProtocol } from './index';
import { corpusPath, HAS_CORPUS, needsShared } from '../../../test/support/shared-dir';

export const CORPUS = corpusPath('ag-ui');
export { HAS_CORPUS, needsShared };

export function frame(index: number, data: string, extra: Partial<Frame> = {}): Frame {
  return { index, connectionId: 'c1', time: 1_000 + index, direction: 'in', kind: 'message', data, ...extra };
}

/** One frame per event, as a WebSocket or a `data:`-only SSE body delivers them. */
export function framesOf(events: readonly unknown[]): Frame[] {
  return events.map((e, i) => frame(i, typeof e === 'string' ? e : JSON.stringify(e)));
}

/** One frame per SSE record (comments and empty records carry no frame). */
export function framesFromSse(body: string): Frame[] {
  const frames: Frame[] = [];
  const parser = createParser({
    onEvent: (e) => frames.push(frame(frames.length, e.data, { ...(e.event && { eventName: e.event }), ...(e.id && { eventId: e.id }) })),
  });
  parser.feed(body);
  // A body that ends without the blank line still delivers its last record.
  parser.feed('\n\n');
  return frames;
}

export interface RunResult {
  findings: readonly Finding[];
  view: ViewModel;
  pipeline: SessionPipeline;
}

export function run(frames: readonly Frame[], finish = true): RunResult {
  const pipeline = new SessionPipeline([agUiProtocol], { protocol: 'ag-ui' });
  for (const f of frames) pipeline.append(f);
  if (finish) pipeline.finish();
  return { findings: pipeline.findings(), view: pipeline.view(), pipeline };
}

export const runEvents = (events: readonly unknown[], finish = true): RunResult => run(framesOf(events), finish);

export function errors(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.severity === 'error');
}

export function rulesOf(findings: readonly Finding[]): string[] {
  return findings.map((f) => f.rule);
}

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as unknown;
}
