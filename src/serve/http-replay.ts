// Answers one HTTP request with a recorded response: status and headers, then each frame as its own
// write when it is due (a JSON answer as one body), ended, cut or stalled as the recording and the
// faults say.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeDifference } from './describe-difference';
import { play } from './player';
import { reportDifference, type ReplayContext } from './replay-context';
import type { RecordedAnswer } from './routes';
import { corsHeaders, encodeFrame, replayHeaders, replayStatus } from './wire';

export async function replayHttp(req: IncomingMessage, res: ServerResponse, answer: RecordedAnswer, ctx: ReplayContext): Promise<void> {
  const kind = answer.route.kind === 'websocket' ? 'ndjson' : answer.route.kind;
  const status = replayStatus(answer.connection);
  for (const [name, value] of replayHeaders(answer.connection, kind)) {
    try {
      res.setHeader(name, value);
    } catch {
      ctx.log(`  header ${JSON.stringify(name)} not sent again: its recorded value is not a valid header value`);
    }
  }
  for (const [name, value] of Object.entries(corsHeaders(req.headers.origin))) res.setHeader(name, value);
  res.statusCode = status;
  // A stream's headers go out at once (EventSource reports `open` on them); a JSON answer's with its body.
  if (kind !== 'json') res.flushHeaders();

  const gone = new AbortController();
  res.on('close', () => gone.abort());
  const signal = AbortSignal.any([gone.signal, ctx.closing]);
  let sent = 0;
  let lastWrite: Promise<void> = Promise.resolve();
  // A cut must not lose what was written before it: destroy() discards writes still queued.
  const cut = async () => {
    await lastWrite;
    res.destroy();
  };
  const end = await play(
    { frames: answer.frames, startedAt: answer.connection.startedAt, pace: ctx.pace, faults: ctx.faults, signal },
    {
      send(frame) {
        if (res.destroyed || res.writableEnded) return;
        lastWrite = new Promise((resolve) => res.write(encodeFrame(frame, kind), () => resolve()));
        sent++;
      },
    },
  );
  const what = `${sent} frame(s) sent`;
  switch (end.how) {
    case 'complete':
    case 'recorded-close':
      res.end();
      ctx.log(`  ${answer.route.method} ${answer.route.path}: ended, ${what}`);
      break;
    case 'recorded-error':
      // The page saw this stream fail: it fails again.
      await cut();
      ctx.log(`  ${answer.route.method} ${answer.route.path}: failed as recorded at frame ${end.frame.index + 1}, ${what}`);
      break;
    case 'cut':
      await cut();
      ctx.log(`  ${answer.route.method} ${answer.route.path}: cut after frame ${end.frame} (--cut-after), ${what}`);
      break;
    case 'stall':
      ctx.log(`  ${answer.route.method} ${answer.route.path}: stalled after frame ${end.frame} (--stall-after), ${what}; the connection stays open`);
      break;
    case 'aborted':
      if (!res.writableEnded) res.destroy();
      if (!ctx.closing.aborted) ctx.log(`  ${answer.route.method} ${answer.route.path}: the client left, ${what}`);
      break;
  }
}

/** Says where the request differs from the recorded one it is answered with. */
export function noteRequestDifferences(ctx: ReplayContext, answer: RecordedAnswer, search: string, body: string, match: { queryDiffers: boolean; bodyDiffers: boolean }): void {
  if (match.queryDiffers) reportDifference(ctx, answer, 'query', `recorded ${JSON.stringify(answer.search || '(none)')}, got ${JSON.stringify(search || '(none)')}`);
  const recordedBody = answer.connection.requestBody ?? '';
  if (match.bodyDiffers) {
    const out = answer.frames.find((f) => f.direction === 'out' && f.kind === 'message');
    reportDifference(ctx, answer, 'request-body', describeBody(recordedBody, body), out ? out.index + 1 : undefined);
  }
}

function describeBody(recorded: string, received: string): string {
  if (recorded === '') return `not in the recording (got ${received.length} characters)`;
  if (received === '') return 'missing (the recording has one)';
  return describeDifference(recorded, received);
}
