// Pushes one capture through everything that reads page data outside the browser: decode, detection,
// fold, findings, the view (live and scrubbed), the frame descriptions and prompts, the text rendering,
// redaction and the export file. Every stage is guarded on its own so one throw is counted once and
// the stages after it still run.
import type { Capture } from '../src/model/frame';
import { decodeFrame } from '../src/model/decode';
import { renderText } from '../src/model/render-text';
import { MAX_PRINT_DEPTH, safeJson } from '../src/model/safe-text';
import { splitSessions, type Session } from '../src/analysis/sessions';
import { protocols } from '../src/protocols/registry';
import { toCaptureFile } from '../src/capture-format/capture-format';
import type { ViewItem } from '../src/model/view';
import { FOLD_FAULT_RULE } from '../src/analysis/pipeline-rules';

export interface FuzzThrow {
  stage: string;
  error: string;
  /** Caught by a fold's or the pipeline's own guard: the session went on, but code threw. */
  caught?: boolean;
  /** The `type` of the frame it happened on, when known. */
  frameType?: string;
}

function guard(stage: string, throws: FuzzThrow[], run: () => void): void {
  try {
    run();
  } catch (err) {
    throws.push({ stage, error: err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ''}` : typeof err });
  }
}

function typeOf(data: string | undefined): string | undefined {
  const match = data === undefined ? null : /^\{"type":"([A-Za-z_.]{1,60})"/.exec(data);
  return match?.[1];
}

/** Items a fold's own guard made of a frame it threw on: a throw that was caught, but a throw. */
function caughtFaults(items: readonly ViewItem[], out: FuzzThrow[], depth = 0): void {
  for (const item of items) {
    if (item.id.endsWith('-fault') || (item.kind === 'raw' && item.text.includes('(not folded: '))) {
      out.push({ stage: 'caught by a fold', error: item.kind === 'raw' ? item.text.slice(-300) : item.id, caught: true });
    }
    if (item.kind === 'group' && depth < 8) caughtFaults(item.items, out, depth + 1);
  }
}

function checkSession(session: Session, throws: FuzzThrow[]): void {
  const { pipeline } = session;
  const def = protocols.find((p) => p.id === pipeline.protocol);
  guard('findings', throws, () => {
    for (const f of pipeline.findings()) {
      if (typeof f.message !== 'string') throw new Error(`finding ${f.rule} has no message`);
      if (f.rule === FOLD_FAULT_RULE || f.message.startsWith('Internal error')) {
        throws.push({ stage: 'caught by a guard', error: f.message, caught: true, frameType: typeOf(pipeline.frames.find((x) => x.index === f.frames[0])?.data) });
      }
    }
  });
  guard('view', throws, () => caughtFaults(pipeline.view().items, throws));
  guard('render', throws, () => {
    renderText(pipeline.view());
    renderText(pipeline.view(), { expandRunning: true });
    // What `render --json` and the panel's "Copy as JSON" print.
    safeJson(pipeline.view(), { indent: 2, maxDepth: MAX_PRINT_DEPTH });
  });
  const frames = pipeline.frames;
  const middle = frames[Math.floor(frames.length / 2)];
  if (middle) guard('scrub', throws, () => renderText(pipeline.viewAt(middle.index)));
  if (def?.describeFrame) {
    const describe = def.describeFrame.bind(def);
    guard('describe', throws, () => {
      for (const f of frames) describe(decodeFrame(f));
    });
  }
  if (def?.promptOf) {
    const promptOf = def.promptOf.bind(def);
    guard('prompt', throws, () => {
      for (const c of session.connections) promptOf(c);
    });
  }
}

/** The throws of every stage for one capture; an empty list is a pass. */
export function runFuzzCapture(capture: Capture): FuzzThrow[] {
  const throws: FuzzThrow[] = [];
  let sessions: Session[] = [];
  guard('split + fold', throws, () => {
    sessions = splitSessions(capture, protocols);
  });
  for (const session of sessions) checkSession(session, throws);
  guard('redact + export', throws, () => {
    JSON.stringify(toCaptureFile(capture));
  });
  return throws;
}
