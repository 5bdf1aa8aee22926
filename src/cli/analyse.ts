// Reads a file into sessions with their findings: the part of `check`, `render` and `stats` that is not
// output. The file is read in pieces, so a large one never exists as one string. An input that cannot
// be read or recognised throws InputError; anything else that fails is the tool's own failure and
// throws InternalFailure naming the file.
import { inspect, type Inspected } from '../api/inspect';
import { jsonLinesLineMapOfFile } from '../api/read-file';
import { InputError } from '../readers/read-input';
import { readInputFile } from '../readers/read-input-file';
import type { ProtocolId } from '../protocols/types';
import { InternalFailure } from './failure';

export interface AnalysedFile extends Inspected {
  file: string;
  /** `none` when the input recorded no clock (see `Capture.timing`). */
  timing?: 'none';
}

export async function analyseFile(file: string, protocol?: ProtocolId): Promise<AnalysedFile> {
  try {
    const read = await readInputFile(file);
    const analysed: AnalysedFile = { file, ...inspect(read, protocol ? { protocol } : {}) };
    if (read.capture.timing === 'none') analysed.timing = 'none';
    if (read.format === 'jsonl') analysed.lineOfFrame = await jsonLinesLineMapOfFile(file);
    return analysed;
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InternalFailure(file, err);
  }
}
