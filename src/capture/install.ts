// Installs every capture hook into a window (the page's own, in the MAIN world, at document_start)
// and returns what removes them all again.
import { createCapture, windowPoster, type Post, type PostJson } from './emitter';
import { hookEventSource } from './eventsource-hook';
import { hookFetch } from './fetch-hook';
import { installToStringMask, type Restore } from './native-mask';
import { hookWebSocket } from './websocket-hook';
import { hookXhr } from './xhr-hook';

export interface InstallOptions {
  /** Where messages go; by default window.postMessage to this same frame (see windowPoster). */
  post?: Post;
  /** Takes messages already written as JSON text, when the destination wants text anyway. */
  postJson?: PostJson;
}

type PageWindow = Window & typeof globalThis;

export function installCaptureHooks(win: PageWindow = window as PageWindow, options: InstallOptions = {}): () => void {
  const capture = createCapture(options.post ?? windowPoster(win), options.postJson);
  const restores: Restore[] = [];
  // Each hook is independent: a browser lacking one API (or a page that froze it) loses only that one.
  const steps: (() => Restore)[] = [
    installToStringMask,
    () => hookWebSocket(win, capture),
    () => hookFetch(win, capture),
    () => hookXhr(win, capture),
    // Last: it wraps EventTarget.prototype.addEventListener, which the hooks above saved natively.
    () => hookEventSource(win, capture),
  ];
  for (const step of steps) {
    try {
      restores.push(step());
    } catch {
      // keep going with the others
    }
  }
  return () => {
    for (let i = restores.length - 1; i >= 0; i--) restores[i]!();
  };
}
