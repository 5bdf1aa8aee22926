// When the relay can trust what arrives on the hook's channel. The channel is handed over by events on
// the window, which any script in the page's world could also dispatch, or watch. That is safe only
// while no script but ours has run in that world:
// - In a document of its own, the hook and the relay both start at document_start, before the parser
//   has added a single node, so no page script can have run. Page scripts come from elements the
//   parser adds, and the parser performs a microtask checkpoint before it runs a script, which
//   delivers a MutationObserver's records first. So offers are taken only until the first change to
//   the DOM (or DOMContentLoaded); a page that fakes an offer later is not listened to.
// - A same-origin child (an iframe whose parent, or a window whose opener, has our origin) keeps the
//   window, and so the builtins, of its first about:blank document, which the page could change
//   before the child loaded: wrap dispatchEvent to take the channel from the offer, replace setTimeout
//   so the hook stays silent and offer a channel of its own. Nothing the hook does there can be told
//   from the page imitating it, so the relay takes no channel in such a document and says so.
/** Said in the panel when a same-origin frame or window is left uncaptured (see above). */
export const PREPARABLE_DOCUMENT =
  'capture is off in same-origin frames and windows the page opened: the page can change their builtins before they load, so what they send could not be told from a forgery';

/**
 * Calls `close` once a page script of `doc` may have run: at the first change to its DOM, or at
 * DOMContentLoaded. Returns what stops watching.
 */
export function watchStartWindow(doc: Document, win: Pick<Window, 'addEventListener' | 'removeEventListener'>, close: () => void): () => void {
  let open = true;
  const done = () => {
    if (!open) return;
    open = false;
    observer.disconnect();
    win.removeEventListener('DOMContentLoaded', done, true);
    close();
  };
  const observer = new MutationObserver(done);
  observer.observe(doc, { childList: true, subtree: true, attributes: true, characterData: true });
  win.addEventListener('DOMContentLoaded', done, true);
  // A document that already has more than its root element (the parser has begun) is past the window.
  if ((doc.documentElement?.childNodes.length ?? 0) > 0) done();
  return done;
}

/** Whether another same-origin document could have reached this window before it loaded (see above). */
export function isPreparable(win: Window): boolean {
  return sameOrigin(() => (win.parent !== win ? win.parent : null)) || sameOrigin(() => win.opener as Window | null);
}

function sameOrigin(other: () => Window | null): boolean {
  try {
    const w = other();
    if (!w) return false;
    // Reading a cross-origin window's location throws; a same-origin one's gives its address.
    return typeof w.location.href === 'string';
  } catch {
    return false;
  }
}
