// What a frame is, for the timeline's Event and Data columns and for the timing figures: the session's
// protocol says when it knows one, else a generic description (connection events, what the page sent,
// `[DONE]`, non-JSON text, JSON named by its `type`). Never throws.
import { decodeFrame } from '../model/decode';
import type { DecodedFrame, Frame } from '../model/frame';
import type { FrameDescription, ProtocolDefinition } from '../protocols/types';
import { guardedDescribe } from '../protocols/shared/describe-helpers';

const generic = guardedDescribe(() => undefined);

export function describeFrame(decoded: DecodedFrame, protocol?: ProtocolDefinition): FrameDescription {
  const own = protocol?.describeFrame;
  if (!own) return generic(decoded);
  try {
    return own(decoded);
  } catch {
    return generic(decoded);
  }
}

/** The same for a frame not yet decoded (the panel's rows keep raw frames). */
export function describeRawFrame(frame: Frame, protocol?: ProtocolDefinition): FrameDescription {
  return describeFrame(decodeFrame(frame), protocol);
}
