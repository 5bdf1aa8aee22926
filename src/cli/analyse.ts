// Reads a file into sessions with their findings: the part of `check`, `render` and `stats` that is not
// output. The file is read in pieces and analysed as it is read (inspectStream): frames go from the
// reader to the sessions' pipelines and are not kept, so memory does not grow with the file; for
// `check`, which reads only findings, nor with a long streamed answer (model/text-digest.ts). An input
// whose frames must first be sorted is read again and collected into a Capture. An input that cannot
// be read or recognised throws InputError; anything else that fails is the tool's own failure and
// throws InternalFailure naming the file.
import { createReadStream } from 'node:fs';
import { inspect, type Inspected } from '../api/inspect';
import { inspectStream } from '../api/inspect-stream';
import { FILE_PIECE_BYTES, jsonLinesLineMapOfFile } from '../api/read-file';
import { InputError } from '../readers/read-input';
import { readInputFile } from '../readers/read-input-file';
import { openInputPath } from '../readers/input-path';
import type { ProtocolId } from '../protocols/types';
import { startTextDigests, stopTextDigests } from '../model/text-digest';
import { InternalFailure } from './failure';

export interface AnalysedFile extends Inspected {
  file: string;
  /** `none` when the input recorded no clock (see `Capture.timing`). */
  timing?: 'none';
}

export interface AnalyseOptions {
  /** Keep every session's frames (for figures that are read from the frames afterwards, e.g. `stats`). */
  keepFrames?: boolean;
  /** Read the whole file into a Capture first, as before streaming analysis (for comparison). */
  collect?: boolean;
  /** Work out the line of each frame of a JSON Lines file (`lineOfFrame`), for reports that point at lines: a second read. */
  lines?: boolean;
  /** Only findings are read (`check`): long streamed texts may be kept cut short (model/text-digest.ts). */
  digestTexts?: boolean;
}

export async function analyseFile(file: string, protocol?: ProtocolId, options: AnalyseOptions = {}): Promise<AnalysedFile> {
  // Refuses what must not be read (a directory, a device, a named pipe with no writer) before opening it.
  const input = await openInputPath(file);
  try {
    const path = input.path;
    const analysed = (options.collect ? undefined : await streamedAnalysis(path, protocol, options)) ?? (await collected(path, protocol));
    if (options.lines === true && analysed.format === 'jsonl') analysed.lineOfFrame = await jsonLinesLineMapOfFile(path);
    analysed.file = file;
    return analysed;
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InternalFailure(file, err);
  } finally {
    await input.release();
  }
}

/** Streamed, with texts cut short when allowed; read again with whole texts when a comparison needed one. */
async function streamedAnalysis(file: string, protocol: ProtocolId | undefined, options: AnalyseOptions): Promise<AnalysedFile | undefined> {
  const keepFrames = options.keepFrames === true;
  if (options.digestTexts !== true) return streamed(file, protocol, keepFrames);
  const digests = startTextDigests();
  let analysed: AnalysedFile | undefined;
  try {
    analysed = await streamed(file, protocol, keepFrames);
  } finally {
    stopTextDigests();
  }
  if (!digests.wholeTextsNeeded) return analysed;
  analysed = undefined;
  return streamed(file, protocol, keepFrames);
}

async function streamed(file: string, protocol: ProtocolId | undefined, keepFrames: boolean): Promise<AnalysedFile | undefined> {
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: FILE_PIECE_BYTES });
  try {
    const inspected = await inspectStream(stream, { ...(protocol && { protocol }), keepFrames });
    return inspected && { file, ...inspected };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (typeof code === 'string') throw new InputError(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot be read (${code})`);
    throw err;
  } finally {
    stream.destroy();
  }
}

async function collected(file: string, protocol: ProtocolId | undefined): Promise<AnalysedFile> {
  const read = await readInputFile(file);
  const analysed: AnalysedFile = { file, ...inspect(read, protocol ? { protocol } : {}) };
  if (read.capture.timing === 'none') analysed.timing = 'none';
  return analysed;
}
