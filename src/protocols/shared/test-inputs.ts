// Test support for the frame describers and request prompts: a test data file read as the CLI reads it
// and each frame described, one payload as an incoming frame, a connection whose request had a body.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeFrame } from '../../model/decode';
import type { Connection, DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { readInput } from '../../readers/read-input';

type Describer = (decoded: DecodedFrame) => FrameDescription;

export function describeFile(dir: string, name: string, describeFrame: Describer): FrameDescription[] {
  const { capture } = readInput(readFileSync(path.join(dir, name), 'utf8'));
  return capture.frames.map((f) => describeFrame(decodeFrame(f)));
}

/** `event` of each description. */
export const events = (list: readonly FrameDescription[]): string[] => list.map((d) => d.event);

/** Describes one incoming payload: text as is, anything else as its JSON. */
export function describePayload(describeFrame: Describer, payload: unknown): FrameDescription {
  const data = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return describeFrame(decodeFrame({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'message', data }));
}

/** A POST whose request body is `body` as JSON. */
export function requestWithBody(body: unknown): Connection {
  return { id: 'c', transport: 'sse', method: 'POST', requestBody: JSON.stringify(body) };
}

/** What the timeline shows for each description: the short label, else the event. */
export const labels = (list: readonly FrameDescription[]): string[] => list.map((d) => d.label ?? d.event);
