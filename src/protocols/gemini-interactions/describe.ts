// What an Interactions API event is for the timeline: `Δ text`, `Δ thought`, `thought signature`,
// `step.start function_call get_weather`, `Δ arguments`, `interaction.completed: requires_action`, …
import type { DecodedFrame } from '../../model/frame';
import type { FrameDescription } from '../types';
import { describe, guardedDescribe, isRecord, previewValue, str } from '../shared/describe-helpers';

function describeEvent(decoded: DecodedFrame): FrameDescription | undefined {
  const json = decoded.json;
  if (!isRecord(json)) return undefined;
  const type = str(json.event_type);
  if (!type) return undefined;
  if (type === 'step.start' && isRecord(json.step)) {
    const kind = str(json.step.type) ?? '?';
    const name = str(json.step.name);
    const category = kind === 'thought' ? 'reasoning' : kind === 'model_output' ? 'text' : kind.endsWith('_result') ? 'tool-result' : kind.endsWith('_call') ? 'tool-call' : 'lifecycle';
    return describe(`step.start ${kind}${name ? ` ${name}` : ''}`, category);
  }
  if (type === 'step.delta' && isRecord(json.delta)) {
    const d = json.delta;
    switch (str(d.type)) {
      case 'text':
        return describe('Δ text', 'text', str(d.text));
      case 'thought_summary':
        return describe('Δ thought', 'reasoning', str(d.text));
      case 'thought_signature':
        return describe('thought signature', 'reasoning');
      case 'arguments_delta':
        return describe('Δ arguments', 'tool-call', str(d.arguments));
      case 'text_annotation_delta':
        return describe('annotations', 'other', previewValue(Array.isArray(d.annotations) && isRecord(d.annotations[0]) ? d.annotations[0].url : undefined));
      default: {
        const kind = str(d.type) ?? '?';
        return describe(`Δ ${kind}`, kind.endsWith('_result') ? 'tool-result' : kind.endsWith('_call') ? 'tool-call' : 'other', previewValue(d.arguments ?? d.result));
      }
    }
  }
  if (type === 'interaction.completed' || type === 'interaction.created') {
    const status = isRecord(json.interaction) ? str(json.interaction.status) : undefined;
    const failed = status === 'failed' || status === 'cancelled';
    return describe(status ? `${type}: ${status}` : type, failed ? 'error' : 'lifecycle');
  }
  if (type === 'interaction.status_update') return describe(`status: ${str(json.status) ?? '?'}`, 'lifecycle');
  if (type === 'error') return describe('error', 'error', isRecord(json.error) ? str(json.error.message) : undefined);
  return describe(type, 'lifecycle');
}

export const describeInteractionsFrame = guardedDescribe(describeEvent);
