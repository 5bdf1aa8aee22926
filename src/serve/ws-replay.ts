// Plays a recorded WebSocket to a client: before each frame the page sent in the recording, it waits for
// the client's next message and notes how it differs; then the frames that followed it, when due.
import type { RawData, WebSocket } from 'ws';
import type { Frame } from '../model/frame';
import { describeDifference, shortText } from './describe-difference';
import { isSendableCloseCode } from './faults';
import { frameNumber, play, type PlaybackEnd } from './player';
import { reportDifference, routeLabel, type ReplayContext } from './replay-context';
import type { RecordedAnswer } from './routes';

interface Received {
  text: string;
  binary: boolean;
}

export async function replayWebSocket(socket: WebSocket, answer: RecordedAnswer, ctx: ReplayContext): Promise<void> {
  const inbox: Received[] = [];
  let wake: (() => void) | undefined;
  let choreographyOver = false;
  const gone = new AbortController();
  const label = routeLabel(answer);

  socket.on('message', (data: RawData, isBinary: boolean) => {
    const message = { text: isBinary ? toBuffer(data).toString('base64') : toBuffer(data).toString('utf8'), binary: isBinary };
    if (choreographyOver) reportUnexpected(message);
    else inbox.push(message);
    wake?.();
  });
  const onClosing = () => wake?.();
  ctx.closing.addEventListener('abort', onClosing, { once: true });
  socket.on('close', () => {
    gone.abort();
    ctx.closing.removeEventListener('abort', onClosing);
    wake?.();
  });
  socket.on('error', () => gone.abort());

  function reportUnexpected(message: Received): void {
    reportDifference(ctx, answer, 'unexpected', `a message the recording does not have: ${shortText(message.text)}`);
  }

  async function awaitClient(frame: Frame): Promise<boolean> {
    while (inbox.length === 0) {
      if (gone.signal.aborted || ctx.closing.aborted) {
        if (!ctx.closing.aborted) reportDifference(ctx, answer, 'missing', 'the client closed before sending this message', frameNumber(frame));
        return false;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
    const got = inbox.shift() as Received;
    const recorded = frame.data;
    const binary = frame.encoding === 'base64';
    if (got.text !== recorded || got.binary !== binary) {
      const detail = got.binary !== binary ? `recorded a ${binary ? 'binary' : 'text'} message, got a ${got.binary ? 'binary' : 'text'} one` : describeDifference(recorded, got.text);
      reportDifference(ctx, answer, 'message', detail, frameNumber(frame));
    }
    return true;
  }

  let sent = 0;
  const end = await play(
    {
      frames: answer.frames,
      startedAt: answer.connection.startedAt,
      pace: ctx.pace,
      faults: ctx.faults,
      signal: AbortSignal.any([gone.signal, ctx.closing]),
    },
    {
      send(frame) {
        if (socket.readyState !== socket.OPEN) return;
        if (frame.encoding === 'base64') socket.send(Buffer.from(frame.data, 'base64'), { binary: true });
        else socket.send(frame.data, { binary: false });
        sent++;
      },
      awaitClient,
    },
  );
  choreographyOver = true;
  for (const message of inbox.splice(0)) reportUnexpected(message);
  finish(socket, end, answer, ctx);
  ctx.log(`  ${label}: ${describeEnd(end)}, ${sent} frame(s) sent`);
}

function finish(socket: WebSocket, end: PlaybackEnd, answer: RecordedAnswer, ctx: ReplayContext): void {
  const closeCode = ctx.faults.faults.closeCode;
  if (socket.readyState !== socket.OPEN) return;
  switch (end.how) {
    case 'complete':
      // The recording did not show the socket closing: it stays open unless a close code is asked for.
      if (closeCode !== undefined) socket.close(closeCode);
      return;
    case 'recorded-close': {
      const code = closeCode ?? answer.connection.closed?.code;
      if (code === 1006) socket.terminate();
      else if (code !== undefined && isSendableCloseCode(code)) socket.close(code, answer.connection.closed?.reason?.slice(0, 120));
      else socket.close();
      return;
    }
    case 'recorded-error':
      socket.terminate();
      return;
    case 'cut':
      if (closeCode !== undefined) socket.close(closeCode);
      else socket.terminate();
      return;
    case 'stall':
    case 'aborted':
      return;
  }
}

function describeEnd(end: PlaybackEnd): string {
  switch (end.how) {
    case 'complete':
      return 'recording played to its end';
    case 'recorded-close':
      return 'closed as recorded';
    case 'recorded-error':
      return 'failed as recorded';
    case 'cut':
      return `cut after frame ${end.frame} (--cut-after)`;
    case 'stall':
      return `stalled after frame ${end.frame} (--stall-after); the socket stays open`;
    case 'aborted':
      return 'the client left';
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
