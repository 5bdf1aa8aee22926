// The chunk types the schemas know, as small numbers: the fold keeps what it learns of each type in an
// array by this number, so a chunk's type string is compared with a literal or two rather than hashed.
import type { ChunkType } from './schema';

/** Every chunk type the schemas know, in chunkTypeIndex's order. */
export const CHUNK_TYPES: readonly ChunkType[] = [
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'error',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-available',
  'tool-input-error',
  'tool-approval-request',
  'tool-output-available',
  'tool-output-error',
  'tool-output-denied',
  'source-url',
  'source-document',
  'file',
  'start-step',
  'finish-step',
  'start',
  'finish',
  'abort',
  'message-metadata',
  'reset-step',
  'tool-approval-response',
  'custom',
  'reasoning-file',
  'reasoning',
  'reasoning-part-finish',
  'steering-message',
];

/**
 * The index in CHUNK_TYPES of the chunk type `type` names, or -1 when it names none. Switches on the
 * length, then on the few types of that length: a type just parsed is compared with a literal or two,
 * where a map would hash it first (schema.test.ts checks the switches and the list agree).
 */
export function chunkTypeIndex(type: string): number {
  switch (type.length) {
    case 4:
      return type === 'file' ? 17 : -1;
    case 5:
      switch (type) {
        case 'error': return 6;
        case 'start': return 20;
        case 'abort': return 22;
        default: return -1;
      }
    case 6:
      switch (type) {
        case 'finish': return 21;
        case 'custom': return 26;
        default: return -1;
      }
    case 8:
      return type === 'text-end' ? 2 : -1;
    case 9:
      return type === 'reasoning' ? 28 : -1;
    case 10:
      switch (type) {
        case 'text-start': return 0;
        case 'text-delta': return 1;
        case 'source-url': return 15;
        case 'start-step': return 18;
        case 'reset-step': return 24;
        default: return -1;
      }
    case 11:
      return type === 'finish-step' ? 19 : -1;
    case 13:
      return type === 'reasoning-end' ? 5 : -1;
    case 14:
      return type === 'reasoning-file' ? 27 : -1;
    case 15:
      switch (type) {
        case 'reasoning-start': return 3;
        case 'reasoning-delta': return 4;
        case 'source-document': return 16;
        default: return -1;
      }
    case 16:
      switch (type) {
        case 'tool-input-start': return 7;
        case 'tool-input-delta': return 8;
        case 'tool-input-error': return 10;
        case 'message-metadata': return 23;
        case 'steering-message': return 30;
        default: return -1;
      }
    case 17:
      return type === 'tool-output-error' ? 13 : -1;
    case 18:
      return type === 'tool-output-denied' ? 14 : -1;
    case 20:
      return type === 'tool-input-available' ? 9 : -1;
    case 21:
      switch (type) {
        case 'tool-approval-request': return 11;
        case 'tool-output-available': return 12;
        case 'reasoning-part-finish': return 29;
        default: return -1;
      }
    case 22:
      return type === 'tool-approval-response' ? 25 : -1;
    default:
      return -1;
  }
}
