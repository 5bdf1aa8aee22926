// The hook's own health on the page: captures it left off because builtins they need were replaced
// before it started, and failures of its own code. Nothing of ours may ever throw into the page, so
// every entry point catches what our code throws and counts it here; the counts reach the panel as a
// `health` message (running totals), never the page's console.
import { getOwnDescriptor, getPrototypeOf, isNativeFunction } from './natives';

export interface Health {
  /** Lines saying what could not be captured and why. */
  readonly degraded: readonly string[];
  readonly errors: number;
  /** Payloads past the capture budget that were counted and not handed over (payload-budget.ts). */
  readonly notKept: number;
  /** Records that `capture` is off because of `why`. */
  degrade(capture: string, why: string): void;
  /** Counts one failure of our own code. */
  fail(): void;
  /** Counts one payload not kept for the capture budget. */
  skip(): void;
  /** Runs `fn`; what it throws is counted, never passed on. */
  quietly(fn: () => void): void;
  /**
   * True when every builtin in `needed` is the browser's own; otherwise records `capture` as off,
   * naming the replaced ones, and returns false.
   */
  require(capture: string, needed: ReadonlyArray<readonly [string, unknown]>): boolean;
}

/**
 * `onChange` is told (synchronously) after any change; it decides when to send. `checkBuiltins` false
 * trusts every builtin: only for DOMs written in JavaScript (the unit tests' happy-dom).
 */
export function createHealth(onChange: () => void, checkBuiltins = true): Health {
  const degraded: string[] = [];
  let errors = 0;
  let notKept = 0;
  const changed = () => {
    try {
      onChange();
    } catch {
      errors++;
    }
  };
  const health: Health = {
    get degraded() {
      return degraded;
    },
    get errors() {
      return errors;
    },
    get notKept() {
      return notKept;
    },
    degrade(capture, why) {
      degraded[degraded.length] = capture + ': ' + why;
      changed();
    },
    fail() {
      errors++;
      changed();
    },
    skip() {
      notKept++;
      changed();
    },
    quietly(fn) {
      try {
        fn();
      } catch {
        health.fail();
      }
    },
    require(capture, needed) {
      if (!checkBuiltins) return true;
      let replaced = '';
      let count = 0;
      for (let i = 0; i < needed.length; i++) {
        const entry = needed[i]!;
        if (isNativeFunction(entry[1], entry[0])) continue;
        replaced += (count === 0 ? '' : ', ') + entry[0];
        count++;
      }
      if (count === 0) return true;
      health.degrade(capture + ' capture is off', replaced + (count === 1 ? ' was' : ' were') + ' replaced before the inspector started');
      return false;
    },
  };
  return health;
}

/** The getter function of `name` on `proto` or up its chain (for the start-up check), or undefined. */
export function getterOf(proto: object | undefined, name: string): unknown {
  for (let o: object | null | undefined = proto; o; o = getPrototypeOf(o)) {
    const desc = getOwnDescriptor(o, name);
    if (desc) return desc.get;
  }
  return undefined;
}

/** The value of `name` on `proto` (own or inherited data property), for the start-up check. */
export function methodOf(proto: object | undefined, name: string): unknown {
  for (let o: object | null | undefined = proto; o; o = getPrototypeOf(o)) {
    const desc = getOwnDescriptor(o, name);
    if (desc) return desc.value;
  }
  return undefined;
}
