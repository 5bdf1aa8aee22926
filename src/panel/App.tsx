// The panel: toolbar, the session bar (which session, what it cost in time), then the frame timeline
// beside (or, docked narrow, above) a tabbed pane with the rendering, findings, the request and the
// waterfall. It does not know its transport: the same app runs in DevTools (hub link), in a plain
// page, and offline on imported files.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PanelStore } from './store/store';
import type { PanelTransport } from './transport';
import { applyEvent } from './store/apply';
import { Toolbar } from './components/Toolbar';
import { TimelineFilters } from './components/TimelineFilters';
import { Timeline } from './components/Timeline';
import { FrameDetail } from './components/FrameDetail';
import { SessionBar } from './components/SessionBar';
import { MetricsStrip } from './components/MetricsStrip';
import { DetailTabs } from './components/DetailTabs';
import { ExportDialog } from './components/ExportDialog';
import { SplitPane } from './components/layout/SplitPane';
import { useWidth } from './components/layout/use-width';
import { useHeight } from './components/layout/use-height';
import { PageHeading } from './components/SessionBar';
import { CompareView } from './compare/CompareView';
import { comparisonOf } from './compare/compare-state';
import './panel.css';
// Error banner, findings by session, timeline separators and markers, waterfall hues (kept apart for merges).
import './errors-up-front.css';

/** DevTools' own theme names (`browser.devtools.panels.themeName`). */
export type DevToolsTheme = 'default' | 'dark';

/** From this width the timeline and the detail pane sit side by side; below it they stack. */
export const WIDE_FROM = 900;
/**
 * Below this height (DevTools docked at the bottom) the header folds: the page heading joins the
 * toolbar's row, the metrics join the session bar's, and the timeline sits beside the detail pane
 * whatever the width, so the rows keep most of the height.
 */
export const SHORT_BELOW = 480;

export interface AppProps {
  store: PanelStore;
  transport?: PanelTransport | undefined;
  /** The DevTools theme when known; else the system's colour scheme decides. */
  theme?: DevToolsTheme | undefined;
  pageUrl?: string | undefined;
}

export function App({ store, transport, theme, pageUrl }: AppProps) {
  const [exporting, setExporting] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const width = useWidth(root, 1280);
  const wide = width >= WIDE_FROM;
  const short = useHeight(root, 800) < SHORT_BELOW;
  const sideBySide = wide || short;
  const dark = theme !== undefined ? theme === 'dark' : prefersDark();
  const empty = store.empty.value;
  useKeyboard(root, store, () => {
    if (!exporting) return false;
    setExporting(false);
    return true;
  });
  const frameSelected = store.selection.frame.value !== undefined;
  // "Compare with file…" replaces the body while open; the capture goes on beneath it.
  const comparing = comparisonOf(store).value !== undefined;
  return (
    <div ref={root} class={`asi-panel ${dark ? 'theme-dark' : 'theme-light'} ${sideBySide ? 'layout-wide' : 'layout-narrow'}${short ? ' layout-short' : ''}`}>
      <Toolbar store={store} transport={transport} onExport={() => setExporting(true)} heading={short && !empty ? <PageHeading store={store} /> : undefined} />
      {exporting && <ExportDialog store={store} onClose={() => setExporting(false)} {...(pageUrl !== undefined && { pageUrl })} />}
      {comparing ? (
        <CompareView store={store} />
      ) : empty ? (
        <div class="empty-state">
          <p>{store.source.value === 'file' ? 'The file holds no frames.' : 'Waiting for agent traffic on this page — send a message'}</p>
          {!transport && <p class="muted">Or import a capture, HAR, SSE body or JSON Lines file with Import….</p>}
        </div>
      ) : (
        <>
          {/* Short: the heading is in the toolbar and the metrics fold into the session bar. */}
          <SessionBar store={store} compact={short} metrics={short ? <MetricsStrip store={store} inline /> : undefined} />
          {!short && <MetricsStrip store={store} />}
          <SplitPane
            key={sideBySide ? 'wide' : 'narrow'}
            class="panel-body"
            direction={sideBySide ? 'row' : 'column'}
            initial={sideBySide ? 0.55 : 0.45}
            storageKey={sideBySide ? 'main-wide' : 'main-narrow'}
            label="Resize the timeline and the detail pane"
            first={
              <section class="timeline-pane" aria-label="Timeline">
                <TimelineFilters store={store} />
                {sideBySide ? (
                  <SplitPane
                    direction="column"
                    initial={0.6}
                    storageKey="timeline-detail"
                    label="Resize the timeline and the frame detail"
                    collapsed={!frameSelected}
                    first={<Timeline store={store} narrow={false} />}
                    second={<FrameDetail store={store} />}
                  />
                ) : (
                  <Timeline store={store} narrow />
                )}
              </section>
            }
            second={<DetailTabs store={store} withFrameTab={!sideBySide} />}
          />
        </>
      )}
    </div>
  );
}

/**
 * The panel's own keys while it has focus: Ctrl/Cmd+F goes to the filter (not DevTools' find bar),
 * F8 / Shift+F8 step through findings, Escape closes what is open.
 */
function useKeyboard(root: { current: HTMLElement | null }, store: PanelStore, closeDialogs: () => boolean): void {
  const close = useRef(closeDialogs);
  close.current = closeDialogs;
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'f') {
        const input = root.current?.querySelector<HTMLInputElement>('input.filter-text');
        if (!input) return;
        e.preventDefault();
        e.stopPropagation();
        input.focus();
        input.select();
        return;
      }
      if (e.key === 'F8') {
        e.preventDefault();
        applyEvent(store, { type: 'stepFinding', step: e.shiftKey ? -1 : 1 });
        return;
      }
      // An Escape that closed something is the panel's; otherwise DevTools keeps it (it toggles the drawer).
      if (e.key === 'Escape' && close.current()) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    // Capture phase: DevTools' own handler in the extension frame must not see Ctrl+F first.
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [root, store]);
}

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}
