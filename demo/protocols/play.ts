// Plays replay frames with small pauses, as a model streams tokens, until done or the client leaves.
import type { ReplayFrame } from './fixture-frames';

/** Pause between two frames at delayScale 1. */
const FRAME_DELAY_MS = 120;

export async function playFrames(
  frames: readonly ReplayFrame[],
  delayScale: number,
  send: (frame: ReplayFrame) => void,
  gone: () => boolean,
): Promise<void> {
  for (const frame of frames) {
    await new Promise((resolve) => setTimeout(resolve, FRAME_DELAY_MS * delayScale));
    if (gone()) return;
    send(frame);
  }
}

/** One SSE record: optional `event:` line, one `data:` line per payload line, blank line. */
export function sseRecord(frame: ReplayFrame): string {
  const event = frame.eventName === undefined ? '' : `event: ${frame.eventName}\n`;
  const data = frame.data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
  return `${event}${data}\n`;
}
