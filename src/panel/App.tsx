// The panel: toolbar on top; left the frame timeline and the selected frame; right the session
// picker, the reference rendering and the findings. It does not know its transport: the same app runs
// in DevTools (hub link), in a plain page, and offline on imported files.
import { useState } from 'preact/hooks';
import type { PanelStore } from './store/store';
import type { PanelTransport } from './transport';
import { Toolbar } from './components/Toolbar';
import { TimelineFilters } from './components/TimelineFilters';
import { Timeline } from './components/Timeline';
import { FrameDetail } from './components/FrameDetail';
import { SessionPicker } from './components/SessionPicker';
import { Rendering } from './components/rendering/Rendering';
import { FindingsList } from './components/FindingsList';
import { ExportDialog } from './components/ExportDialog';
import './panel.css';

/** DevTools' own theme names (`browser.devtools.panels.themeName`). */
export type DevToolsTheme = 'default' | 'dark';

export interface AppProps {
  store: PanelStore;
  transport?: PanelTransport | undefined;
  /** The DevTools theme when known; else the system's colour scheme decides. */
  theme?: DevToolsTheme | undefined;
  pageUrl?: string | undefined;
}

export function App({ store, transport, theme, pageUrl }: AppProps) {
  const [exporting, setExporting] = useState(false);
  const dark = theme !== undefined ? theme === 'dark' : prefersDark();
  const empty = store.empty.value;
  return (
    <div class={`asi-panel ${dark ? 'theme-dark' : 'theme-light'}`}>
      <Toolbar store={store} transport={transport} onExport={() => setExporting(true)} />
      {exporting && <ExportDialog store={store} onClose={() => setExporting(false)} {...(pageUrl !== undefined && { pageUrl })} />}
      {empty ? (
        <div class="empty-state">
          <p>{store.source.value === 'file' ? 'The file holds no frames.' : 'Open a chat page in this tab to see its agent streams'}</p>
          {!transport && <p class="muted">Or import a capture, HAR, SSE body or JSON Lines file with Import….</p>}
        </div>
      ) : (
        <div class="panel-body">
          <section class="left" aria-label="Timeline">
            <TimelineFilters store={store} />
            <Timeline store={store} />
            <FrameDetail store={store} />
          </section>
          <section class="right" aria-label="Rendering">
            <SessionPicker store={store} />
            <Rendering store={store} />
            <h3 class="findings-title">Findings</h3>
            <FindingsList store={store} />
          </section>
        </div>
      )}
    </div>
  );
}

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}
