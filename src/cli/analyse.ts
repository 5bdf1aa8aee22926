// Reads a file into sessions with their findings: the part of `check` and `render` that is not output.
import { InputError, type InputFormat } from '../readers/read-input';
import { readInputFile } from '../readers/read-input-file';
import { splitSessions, type Session } from '../analysis/sessions';
import { protocols } from '../protocols/registry';
import type { ProtocolId } from '../protocols/types';

export interface AnalysedFile {
  file: string;
  format: InputFormat;
  sessions: Session[];
  /** `none` when the input recorded no clock (see `Capture.timing`). */
  timing?: 'none';
}

/** Thrown for an input that cannot be read or recognised; the message says why. */
export class UnreadableInput extends Error {}

export async function analyseFile(file: string, protocol?: ProtocolId): Promise<AnalysedFile> {
  try {
    // Read in pieces: a large file never exists as one string.
    const { format, capture } = await readInputFile(file);
    if (protocol) for (const c of capture.connections) c.protocol = protocol;
    const analysed: AnalysedFile = { file, format, sessions: splitSessions(capture, protocols) };
    if (capture.timing === 'none') analysed.timing = 'none';
    return analysed;
  } catch (err) {
    if (err instanceof InputError) throw new UnreadableInput(err.message);
    throw err;
  }
}

export function isProtocolId(id: string): id is ProtocolId {
  return protocols.some((p) => p.id === id);
}
