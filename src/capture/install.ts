// Installs every capture hook into a window (the page's own, in the MAIN world, at document_start)
// and returns what removes them all again. Before anything else it checks that the builtins the hook
// saved are the browser's own: a page or extension that replaced them first gets no hook calling its
// code, and the panel is told what could not be captured and why (a `health` message).
import { PAGE_MESSAGE_TAG, type PageCaptureHealth } from '../bridge/page-messages';
import { createCapture, windowPoster, type Post, type PostText } from './emitter';
import { hookEventSource } from './eventsource-hook';
import { hookFetch } from './fetch-hook';
import { createHealth } from './health';
import { installToStringMask, type Restore } from './native-mask';
import { call, replacedBuiltins } from './natives';
import { hookWebSocket } from './websocket-hook';
import { createAnswerSockets } from './answer-sender';
import { hookXhr } from './xhr-hook';

export interface InstallOptions {
  /** Where messages go; by default window.postMessage to this same frame (see windowPoster). */
  post?: Post;
  /** Takes text message frames that fit the bound, written by their connection's encoder (the relay channel). */
  postText?: PostText;
  /** Delay before a changed error count is reported (several failures travel as one message). */
  healthDelayMs?: number;
  /** False trusts the window's builtins: only for DOMs written in JavaScript (happy-dom in unit tests). */
  checkBuiltins?: boolean;
  /** Registers the listener for answers from the panel (the relay channel's, see answer-sender.ts). */
  listenForAnswers?: (listener: (event: Event) => void) => void;
}

type PageWindow = Window & typeof globalThis;

export function installCaptureHooks(win: PageWindow = window as PageWindow, options: InstallOptions = {}): () => void {
  const post = options.post ?? windowPoster(win);
  const setTimer = win.setTimeout;
  let installing = true;
  let timer = false;
  const report = () => {
    timer = false;
    const message: PageCaptureHealth = { [PAGE_MESSAGE_TAG]: 1, type: 'health', degraded: health.degraded as string[], errors: health.errors };
    if (health.notKept > 0) message.notKept = health.notKept;
    post(message);
  };
  const health = createHealth(() => {
    if (installing || timer) return;
    timer = true;
    call(setTimer, win, report, options.healthDelayMs ?? 1000);
  }, options.checkBuiltins !== false);
  const restores: Restore[] = [];

  const replaced = replacedBuiltins();
  if (replaced.length > 0) {
    // Every capture calls these; calling a replacement would run the page's code from ours.
    health.degrade('all capture is off', joinNames(replaced) + ' replaced before the inspector started');
  } else {
    const capture = createCapture(post, options.postText, health);
    // Each hook is independent: a browser lacking one API (or a page that replaced it) loses only that one.
    const steps: (() => Restore)[] = [
      installToStringMask,
      () => {
        const answers = options.listenForAnswers && createAnswerSockets(win, health);
        if (answers) options.listenForAnswers!(answers.onAnswer);
        return hookWebSocket(win, capture, answers);
      },
      () => hookFetch(win, capture),
      () => hookXhr(win, capture),
      // Last: it wraps EventTarget.prototype.addEventListener, which the hooks above saved natively.
      () => hookEventSource(win, capture),
    ];
    for (let i = 0; i < steps.length; i++) {
      try {
        restores[restores.length] = steps[i]!();
      } catch {
        health.fail();
      }
    }
  }
  installing = false;
  if (health.degraded.length > 0 || health.errors > 0) report();
  return () => {
    for (let i = restores.length - 1; i >= 0; i--) restores[i]!();
  };
}

function joinNames(names: readonly string[]): string {
  let out = '';
  for (let i = 0; i < names.length; i++) out += (i === 0 ? '' : ', ') + names[i];
  return out + (names.length === 1 ? ' was' : ' were');
}
