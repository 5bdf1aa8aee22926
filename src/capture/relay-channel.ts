// The hook's end of the private channel to the relay (see page-messages.ts): messages are collected
// and handed over many at a time, as one JSON text, from a timer task of our own. A frame's payload
// travels beside that text as it is, never quoted: the frame's JSON holds the payload's index in the
// batch. Quoting costs the page's thread most for the payloads that are worst already (a control
// character is six characters of JSON), and crossing to the relay's world a string is only copied.
// A frame therefore costs the page's main thread a few concatenations and no message event and no
// task of its own; nothing of it is visible to the page's listeners.
import {
  CHANNEL_ANSWER_EVENT,
  CHANNEL_BATCH_CHARS,
  CHANNEL_BATCH_EVENT,
  CHANNEL_BATCH_MESSAGES,
  CHANNEL_FLUSH_EVENT,
  CHANNEL_OFFER_EVENT,
  CHANNEL_REQUEST_EVENT,
  type PageToRelay,
} from '../bridge/page-messages';
import type { Post, PostText } from './emitter';
import { encodeMessage } from './json-encode';
import { call, construct, defineProperty, getOwnDescriptor, getPrototypeOf, isNativeFunction } from './natives';

type PageWindow = Window & typeof globalThis;

/**
 * How long the hook gathers messages before handing them over, in the extension's build. Every
 * hand-over costs the page's thread a timer, an event and a copy into the relay's world whatever it
 * carries, and with no delay the timer ran between every two socket messages of a flood: a batch a
 * frame. A few milliseconds gather a flood's frames into a few batches and add that much to the
 * relay's own ~20 ms batching; a page being hidden still hands over at once (the relay's flush event).
 */
export const HOOK_FLUSH_DELAY_MS = 8;

/** Characters kept while no relay took the channel. */
const MAX_UNCLAIMED_CHARS = 16 * CHANNEL_BATCH_CHARS;

export interface RelayChannelOptions {
  /** Delay of the hand-over timer after the first message of a batch (0 by default; the build uses HOOK_FLUSH_DELAY_MS). */
  flushDelayMs?: number;
  /** Messages kept while no relay took the channel (e.g. the extension went away). */
  maxUnclaimed?: number;
  /** False trusts the window's builtins: only for DOMs written in JavaScript (happy-dom in unit tests). */
  checkBuiltins?: boolean;
}

export interface RelayChannel {
  post: Post;
  /** A text message frame, written by its connection's encoder. */
  postText: PostText;
  /** True once a relay took the channel. */
  readonly claimed: boolean;
  /** Listens for the relay's answers from the panel on the channel (see capture/answer-sender.ts). */
  listenForAnswers(listener: (event: Event) => void): void;
}

/** The method `name` found on `object` or up its prototype chain. */
function method(object: object, name: string): (...a: never[]) => unknown {
  for (let o: object | null = object; o; o = getPrototypeOf(o)) {
    const value: unknown = getOwnDescriptor(o, name)?.value;
    if (typeof value === 'function') return value as (...a: never[]) => unknown;
  }
  // An implementation with accessors (happy-dom): still read before any page script runs.
  const value: unknown = (object as Record<string, unknown>)[name];
  if (typeof value === 'function') return value as (...a: never[]) => unknown;
  throw new TypeError(`no ${name}`);
}

export function openRelayChannel(win: PageWindow, options: RelayChannelOptions = {}): RelayChannel {
  // Read from the objects themselves, now, before any page script could replace them.
  const addListener = method(win, 'addEventListener');
  const removeListener = method(win, 'removeEventListener');
  const dispatch = method(win, 'dispatchEvent');
  const setTimer = win.setTimeout;
  const NativeEventTarget = win.EventTarget;
  const NativeCustomEvent = win.CustomEvent;
  const NativeFocusEvent = win.FocusEvent;
  const delay = options.flushDelayMs ?? 0;
  const maxUnclaimed = options.maxUnclaimed ?? 10_000;
  // Replaced before we ran: using them would run the page's code and hand it our messages. There is
  // then no way to reach the relay at all (nothing is captured, since nothing could be delivered).
  const channelBuiltins = [
    ['addEventListener', addListener],
    ['removeEventListener', removeListener],
    ['dispatchEvent', dispatch],
    ['setTimeout', setTimer],
    ['EventTarget', NativeEventTarget],
    ['CustomEvent', NativeCustomEvent],
    ['FocusEvent', NativeFocusEvent],
  ] as const;
  for (let i = 0; options.checkBuiltins !== false && i < channelBuiltins.length; i++) {
    const entry = channelBuiltins[i]!;
    if (!isNativeFunction(entry[1], entry[0])) return { post: () => undefined, postText: () => undefined, claimed: false, listenForAnswers: () => undefined };
  }

  const channel = construct(NativeEventTarget, []) as EventTarget;
  const channelListen = method(channel, 'addEventListener');
  const channelDispatch = method(channel, 'dispatchEvent');
  let claimed = false;
  // The batch as JSON text built up by concatenation: no array method the page could have replaced.
  let pending = '';
  let pendingCount = 0;
  // Characters held: the JSON text's and the payloads'.
  let pendingChars = 0;
  // What is handed over: the batch's JSON text first (written at the flush), then the payloads its
  // frames name by index. Filled by defining its elements, so no setter on Array.prototype runs.
  let payloads: string[] = [''];
  let timer = false;

  // Handing the channel over: the relay cancels the offer event when it takes the target.
  const offer = () => {
    // Init dictionaries have no prototype, so reading them cannot reach a getter on Object.prototype.
    const event = construct(NativeFocusEvent, [CHANNEL_OFFER_EVENT, { __proto__: null, relatedTarget: channel, cancelable: true }]) as Event;
    if (!call<boolean>(dispatch, win, event)) claimed = true;
  };
  const arm = () => {
    if (timer || pendingCount === 0) return;
    timer = true;
    call(setTimer, win, flush, delay);
  };
  const onRequest = () => {
    if (!claimed) offer();
    if (!claimed) return;
    call(removeListener, win, CHANNEL_REQUEST_EVENT, onRequest, true);
    arm(); // what was posted before the relay came
  };
  const define = (at: number, value: string) =>
    defineProperty(payloads, at, { __proto__: null, value, writable: true, enumerable: true, configurable: true } as PropertyDescriptor);
  const flush = () => {
    timer = false;
    if (pendingCount === 0 || !claimed) return;
    define(0, '[' + pending + ']');
    const detail = payloads;
    payloads = [''];
    pending = '';
    pendingCount = 0;
    pendingChars = 0;
    try {
      call(channelDispatch, channel, construct(NativeCustomEvent, [CHANNEL_BATCH_EVENT, { __proto__: null, detail }]));
    } catch {
      // The relay's listener runs in its own world; nothing it does may surface on the page.
    }
  };
  // The relay asks for what is still here when the page is being hidden (its timers may never run).
  call(channelListen, channel, CHANNEL_FLUSH_EVENT, flush);
  offer();
  if (!claimed) call(addListener, win, CHANNEL_REQUEST_EVENT, onRequest, true);

  /** Whether a message of about `chars` characters is to be kept; hands the batch over first when it would grow past the bound. */
  const room = (chars: number): boolean => {
    // No relay took the channel: it started neither before nor with the hook (both run at
    // document_start), so it never will; keep a bounded amount rather than grow without end.
    if (!claimed && (pendingCount >= maxUnclaimed || pendingChars >= MAX_UNCLAIMED_CHARS)) return false;
    // A big message goes alone, so a batch never grows far past the bound.
    if (pendingCount > 0 && pendingChars + chars > CHANNEL_BATCH_CHARS) flush();
    return true;
  };
  /** Adds a message's JSON text (and the payload it names, if any) to the batch. */
  const append = (text: string, payload: string | undefined) => {
    if (payload !== undefined) define(payloads.length, payload);
    pending = pendingCount === 0 ? text : pending + ',' + text;
    pendingCount++;
    pendingChars += text.length + (payload === undefined ? 0 : payload.length);
    if (claimed && (pendingCount >= CHANNEL_BATCH_MESSAGES || pendingChars >= CHANNEL_BATCH_CHARS)) {
      flush();
    } else if (claimed) {
      arm();
    }
  };

  const post: Post = (message: PageToRelay) => {
    const frame = message.type === 'frame';
    let text: string;
    try {
      if (!room(frame ? message.data.length : 0)) return;
      // After room(), which may have handed the batch over: the index is the payload's in the next one.
      text = frame ? encodeMessage(message, '' + payloads.length) : encodeMessage(message);
    } catch {
      return; // only a page-made exotic value could get here; our messages are strings and numbers
    }
    append(text, frame ? message.data : undefined);
  };

  const postText: PostText = (encode, time, direction, data) => {
    if (!room(data.length)) return;
    append(encode(time, direction, '' + payloads.length), data);
  };

  return {
    post,
    postText,
    get claimed() {
      return claimed;
    },
    listenForAnswers(listener) {
      call(channelListen, channel, CHANNEL_ANSWER_EVENT, listener);
    },
  };
}
