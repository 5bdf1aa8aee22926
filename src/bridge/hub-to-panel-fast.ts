// The panel's check of the hub's appends, by hand for their frames. During a flood the panel gets
// 10,000 frames a second, and zod's check of each (a copy of every frame object, its issues machinery)
// made a quarter of everything the panel allocated: garbage that grew the extension's memory. A frame
// with exactly the six fields every frame has is checked here; any other frame, and the rest of the
// message, still go through the schema. It accepts only what AppendSchema accepts (the unit test
// holds it to that).
import type { Frame } from '../model/frame';
import { AppendSchema, PackedAppendSchema, type HubToPanel } from './hub-to-panel';
import { isPackedFrames } from './packed-frames';
import { hasExactlyKeys } from './exact-keys';
import { LIMITS } from './page-messages.schema';
import { MAX_FRAME_CHARS } from './page-messages';

const FRAME_KEYS = ['index', 'connectionId', 'time', 'direction', 'kind', 'data'] as const;
const RestSchema = AppendSchema.omit({ frames: true });
const PackedRestSchema = PackedAppendSchema.omit({ packed: true });

/** A frame of exactly the six common fields that FrameSchema accepts, else undefined. */
export function plainHubFrame(value: unknown): Frame | undefined {
  if (!hasExactlyKeys(value, FRAME_KEYS)) return undefined;
  const v = value;
  const { index, connectionId, time, direction, kind, data } = v;
  if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0) return undefined;
  if (typeof connectionId !== 'string' || connectionId.length > LIMITS.id * 2) return undefined;
  if (typeof time !== 'number' || !Number.isFinite(time)) return undefined;
  if (direction !== 'in' && direction !== 'out') return undefined;
  if (kind !== 'message' && kind !== 'open' && kind !== 'close' && kind !== 'error') return undefined;
  if (typeof data !== 'string' || data.length > MAX_FRAME_CHARS) return undefined;
  return value as unknown as Frame;
}

/**
 * An append whose frames are all plain, checked without zod for its frames, or a packed append (its
 * pack checked by hand); undefined for anything else (other messages, an append with a frame of other
 * fields or an invalid one), which the caller then checks against the schema.
 */
export function fastHubMessage(value: unknown): HubToPanel | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (v.type === 'packed') {
    // The pack by hand (it is one string and a few arrays of numbers), the rest by the schema.
    if (!isPackedFrames(v.packed)) return undefined;
    const rest = PackedRestSchema.safeParse({ ...v, packed: undefined });
    return rest.success ? { ...rest.data, packed: v.packed } : undefined;
  }
  if (v.type !== 'append' || !Array.isArray(v.frames)) return undefined;
  const frames = v.frames as unknown[];
  for (const f of frames) if (!plainHubFrame(f)) return undefined;
  const rest = RestSchema.safeParse({ ...v, frames: undefined });
  return rest.success ? { ...rest.data, frames: frames as Frame[] } : undefined;
}
