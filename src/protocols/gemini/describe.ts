// What a Gemini chunk is for the timeline: `Δ text`, `Δ thought`, `thoughtSignature`,
// `functionCall get_weather`, `functionCall args`, `functionCall end`, `inlineData image/png`,
// `executableCode`, `grounding`, `finish: STOP`, `usage`, an in-stream error.
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { describe, describeError, guardedDescribe, isRecord, previewValue, str, type FrameCategory } from '../shared/describe-helpers';

interface Label {
  event: string;
  category: FrameCategory;
  preview?: string;
}

function partLabel(part: unknown, out: Label[]): void {
  if (!isRecord(part)) return;
  const text = str(part.text);
  if (text) out.push({ event: part.thought === true ? 'Δ thought' : 'Δ text', category: part.thought === true ? 'reasoning' : 'text', preview: text });
  else if (text === '' && str(part.thoughtSignature)) out.push({ event: 'thoughtSignature', category: 'reasoning' });
  const fc = part.functionCall;
  if (isRecord(fc)) {
    const name = str(fc.name);
    if (name) out.push({ event: `functionCall ${name}`, category: 'tool-call', preview: previewValue(fc.args) });
    else if (Array.isArray(fc.partialArgs)) out.push({ event: 'functionCall args', category: 'tool-call', preview: argsPreview(fc.partialArgs) });
    else if (fc.willContinue === true) out.push({ event: 'functionCall continue', category: 'tool-call' });
    else out.push({ event: 'functionCall end', category: 'tool-call' });
  }
  if (isRecord(part.functionResponse)) out.push({ event: `functionResponse ${str(part.functionResponse.name) ?? ''}`.trim(), category: 'tool-result', preview: previewValue(part.functionResponse.response) });
  if (isRecord(part.inlineData)) out.push({ event: `inlineData ${str(part.inlineData.mimeType) ?? ''}`.trim(), category: 'other' });
  if (isRecord(part.fileData)) out.push({ event: `fileData ${str(part.fileData.mimeType) ?? ''}`.trim(), category: 'other', preview: str(part.fileData.fileUri) });
  if (isRecord(part.executableCode)) out.push({ event: 'executableCode', category: 'tool-call', preview: str(part.executableCode.code) });
  if (isRecord(part.codeExecutionResult)) out.push({ event: `codeExecutionResult ${str(part.codeExecutionResult.outcome) ?? ''}`.trim(), category: 'tool-result', preview: str(part.codeExecutionResult.output) });
}

/** `$.location=Boston` for the first piece of a streamed argument. */
function argsPreview(pieces: unknown[]): string | undefined {
  const first = pieces[0];
  if (!isRecord(first)) return undefined;
  const value = first.stringValue ?? first.numberValue ?? first.boolValue ?? ('nullValue' in first ? null : undefined);
  return `${str(first.jsonPath) ?? '?'}=${previewValue(value) ?? JSON.stringify(value) ?? ''}`;
}

function responseLabels(json: Record<string, unknown>, out: Label[]): void {
  const candidates = Array.isArray(json.candidates) ? json.candidates : [];
  for (const candidate of candidates) {
    if (!isRecord(candidate)) continue;
    const content = candidate.content;
    if (isRecord(content) && Array.isArray(content.parts)) for (const part of content.parts) partLabel(part, out);
    if (isRecord(candidate.groundingMetadata)) out.push({ event: 'grounding', category: 'other' });
    if (isRecord(candidate.citationMetadata)) out.push({ event: 'citations', category: 'other' });
    const finish = str(candidate.finishReason);
    if (finish) out.push({ event: `finish: ${finish}`, category: 'lifecycle' });
    else if (str(candidate.continuationToken)) out.push({ event: 'checkpoint', category: 'lifecycle' });
  }
  if (isRecord(json.promptFeedback) && str(json.promptFeedback.blockReason)) out.push({ event: `blocked: ${str(json.promptFeedback.blockReason)}`, category: 'error' });
}

function describeResponse(decoded: DecodedFrame): FrameDescription | undefined {
  const json = decoded.json;
  const items = Array.isArray(json) ? json : [json];
  const labels: Label[] = [];
  let usage: unknown;
  for (const item of items.slice(0, 1000)) {
    if (!isRecord(item)) continue;
    if (isRecord(item.error)) return describeError(item.error);
    responseLabels(item, labels);
    if (isRecord(item.usageMetadata)) usage = item.usageMetadata;
  }
  if (labels.length === 0) return usage === undefined ? undefined : describe('usage', 'lifecycle', previewValue(usage));
  const first = labels.find((l) => l.category !== 'lifecycle') ?? labels[0];
  const event = [...new Set(labels.map((l) => l.event))].join(', ');
  return describe(event, first?.category ?? 'other', first?.preview ?? labels.find((l) => l.preview !== undefined)?.preview);
}

export const describeGeminiFrame = guardedDescribe(describeResponse);
