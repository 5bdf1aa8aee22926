// Reads a file into sessions with their findings: the part of `check` and `render` that is not output.
// An input that cannot be read or recognised throws InputError; anything else that fails is the
// tool's own failure and throws InternalFailure naming the file.
import { inspect, type Inspected } from '../api/inspect';
import { readInputText } from '../api/read-file';
import { InputError } from '../readers/read-input';
import type { ProtocolId } from '../protocols/types';
import { InternalFailure } from './failure';

export interface AnalysedFile extends Inspected {
  file: string;
}

export async function analyseFile(file: string, protocol?: ProtocolId): Promise<AnalysedFile> {
  const text = await readInputText(file);
  try {
    return { file, ...inspect(text, protocol ? { protocol } : {}) };
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InternalFailure(file, err);
  }
}
