// What every replayed connection shares: pace, faults, the log, the list of differences, and the
// server's own stop signal.
import type { FaultPlan } from './faults';
import type { Pace } from './player';
import type { RecordedAnswer } from './routes';
import type { DifferenceKind, ReplayDifference } from './types';

export interface ReplayContext {
  pace: Pace;
  faults: FaultPlan;
  log(line: string): void;
  differences: ReplayDifference[];
  /** Aborted when the server closes. */
  closing: AbortSignal;
}

/** `WS /ws`, `POST /chat`: how logs and differences name a route. */
export function routeLabel(answer: RecordedAnswer): string {
  return `${answer.route.method} ${answer.route.path.split('?')[0] ?? ''}`;
}

export function reportDifference(ctx: ReplayContext, answer: RecordedAnswer, kind: DifferenceKind, detail: string, frame?: number): void {
  const difference: ReplayDifference = { kind, route: routeLabel(answer), source: answer.route.source, connectionId: answer.connection.id, detail };
  if (frame !== undefined) difference.frame = frame;
  ctx.differences.push(difference);
  ctx.log(`  differs: ${difference.route}${frame === undefined ? '' : ` frame ${frame}`} (${kind}): ${detail}`);
}
