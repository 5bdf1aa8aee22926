// Timeline filters. A frame passes when it matches every filter that is set.
import type { Frame } from '../../model/frame';
import { frameText } from '../../model/decode';
import type { Severity } from '../../model/finding';
import type { FrameRow } from './frame-row';

export interface TimelineFilter {
  /** Searched inside payloads, case-insensitive. */
  text: string;
  /** Exact event type, or '' for all. */
  type: string;
  direction: '' | 'in' | 'out';
  connection: string;
  /** Only frames with a finding of this severity, or '' for all. */
  severity: '' | Severity;
}

export const NO_FILTER: TimelineFilter = { text: '', type: '', direction: '', connection: '', severity: '' };

export function isFilterEmpty(f: TimelineFilter): boolean {
  return f.text === '' && f.type === '' && f.direction === '' && f.connection === '' && f.severity === '';
}

export function matchesFilter(
  frame: Frame,
  row: FrameRow,
  filter: TimelineFilter,
  severityOf: (index: number) => Severity | undefined,
): boolean {
  if (filter.direction !== '' && frame.direction !== filter.direction) return false;
  if (filter.connection !== '' && frame.connectionId !== filter.connection) return false;
  if (filter.type !== '' && row.type !== filter.type) return false;
  if (filter.severity !== '' && severityOf(frame.index) !== filter.severity) return false;
  if (filter.text !== '' && !frameText(frame).toLowerCase().includes(filter.text.toLowerCase())) return false;
  return true;
}
