// The test hook `window.__asiExport()`: the export file text the Export dialog would download, for
// every session or one, redacted unless told otherwise. Browser tests read captures through it.
import type { MountedPanel } from './mount';

export interface ExportHookOptions {
  sessionId?: string;
  redact?: boolean;
}

declare global {
  interface Window {
    /** Test hook: the export file text (redacted unless `redact: false`), for all sessions or one. */
    __asiExport?: (options?: ExportHookOptions) => Promise<string>;
  }
}

export function installExportHook(target: Window, panel: Pick<MountedPanel, 'exportText'>): void {
  target.__asiExport = async (options = {}) => panel.exportText(options);
}
