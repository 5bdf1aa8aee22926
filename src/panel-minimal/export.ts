// Export from the panel: the tab's (or one session's) capture as the project's capture file,
// redacted unless the user unticks the box, offered as a download.
import type { Capture } from '../model/frame';
import type { CaptureLike } from '../bridge/hub-to-panel';
import { toCaptureFile } from '../fixtures/capture-format';
import { planRedaction, type RedactionItem } from '../fixtures/redact';

export interface ExportRequest {
  /** Connections of the session to export; all of the tab's when absent. */
  connectionIds?: readonly string[];
  redact: boolean;
  pageUrl?: string;
}

export function selectCapture(capture: CaptureLike, dropped: number, connectionIds?: readonly string[]): Capture {
  if (!connectionIds) return { connections: [...capture.connections], frames: [...capture.frames], dropped };
  const wanted = new Set(connectionIds);
  return {
    connections: capture.connections.filter((c) => wanted.has(c.id)),
    frames: capture.frames.filter((f) => wanted.has(f.connectionId)),
    dropped,
  };
}

export function redactionPreview(capture: Capture): RedactionItem[] {
  return planRedaction(capture);
}

export function captureFileText(capture: Capture, request: ExportRequest): string {
  const options = request.pageUrl === undefined ? { redact: request.redact } : { redact: request.redact, pageUrl: request.pageUrl };
  return `${JSON.stringify(toCaptureFile(capture, options), null, 2)}\n`;
}

export function exportFileName(now = new Date()): string {
  return `agent-streams-${now.toISOString().replace(/[:.]/g, '-')}.asi.json`;
}

/** Saves text as a file through an object URL and a temporary link (works in DevTools panels). */
export function downloadText(text: string, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  doc.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
