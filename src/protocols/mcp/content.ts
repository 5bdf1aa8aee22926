// A tool result's (or sampling result's) content blocks as the text a client shows: text blocks as they
// are, joined by newlines, other blocks named by a short placeholder.
import { safeText } from '../../model/safe-text';
import { isRecord } from '../shared/view-helpers';

export function resultText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) parts.push(blockText(block));
  return parts.join('\n');
}

function blockText(block: unknown): string {
  if (!isRecord(block)) return '';
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text : '';
    case 'image':
    case 'audio':
      return `[${block.type}${typeof block.mimeType === 'string' ? ` ${block.mimeType}` : ''}]`;
    case 'resource': {
      const resource = isRecord(block.resource) ? block.resource : {};
      return typeof resource.text === 'string' ? resource.text : `[resource ${safeText(resource.uri)}]`;
    }
    case 'resource_link':
      return `[link ${safeText(block.uri)}]`;
    default:
      return `[${safeText(block.type)}]`;
  }
}
