// A session of a live tab as the panel holds it: a pipeline that folds every frame as it arrives but
// keeps none of them (`keepFrames: false`); its frames are the panel's frame log, read through a view
// that makes a frame object only when one is read. Scrubbing to an earlier frame folds the session's
// frames up to it in a pipeline of its own, carried forward while the scrub moves forward. A long
// flood thus costs the panel each frame once, compactly, in the log, rather than an object per frame
// in the log and in its session.
import type { Connection, Frame } from '../../model/frame';
import type { Finding } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import { SessionPipeline } from '../../analysis/pipeline';
import { protocols } from '../../protocols/registry';

/** A session's held frames, in arrival order: how many, and the i-th (made afresh); some of its fields without making it. */
export interface FrameSource {
  count(): number;
  at(i: number): Frame;
  dataAt(i: number): string;
  encodingAt(i: number): Frame['encoding'];
  directionAt(i: number): Frame['direction'];
  kindAt(i: number): Frame['kind'];
  connectionAt(i: number): string;
}

/** A frame source over an array of frames (a file's pipeline keeps its frames). */
export function arraySource(frames: readonly Frame[]): FrameSource {
  return {
    count: () => frames.length,
    at: (i) => frames[i] as Frame,
    dataAt: (i) => (frames[i] as Frame).data,
    encodingAt: (i) => (frames[i] as Frame).encoding,
    directionAt: (i) => (frames[i] as Frame).direction,
    kindAt: (i) => (frames[i] as Frame).kind,
    connectionAt: (i) => (frames[i] as Frame).connectionId,
  };
}

/** The frames of a session's pipeline as a source: the log's for a live or imported session, else the pipeline's own. */
export function frameSourceOf(pipeline: SessionPipeline): FrameSource | undefined {
  if (pipeline instanceof LivePipeline) return pipeline.source();
  const own = (pipeline as { frameSource?: () => FrameSource }).frameSource;
  if (own) return own.call(pipeline);
  try {
    return arraySource(pipeline.frames);
  } catch {
    // A pipeline that keeps no frames.
    return undefined;
  }
}

export class LivePipeline extends SessionPipeline {
  private replica: { pipeline: SessionPipeline; protocol: string; first: number; taken: number; upTo: number } | undefined;

  constructor(
    readonly source: () => FrameSource,
    private readonly connectionsOf: () => readonly Connection[],
  ) {
    super(protocols, { keepFrames: false });
  }

  /** The session's frames as the log holds them: an array view, each frame made when it is read. */
  override get frames(): readonly Frame[] {
    return frameArray(this.source());
  }

  override findingsAt(n: number): Finding[] {
    return this.findings().filter((f) => f.at <= n);
  }

  override viewAt(n: number): ViewModel {
    const source = this.source();
    const count = source.count();
    if (count === 0 || n >= source.at(count - 1).index) return this.view();
    const first = source.at(0).index;
    let r = this.replica;
    // Folded again from the first frame held when the scrub went back, the protocol changed or the log let frames go.
    if (!r || r.protocol !== this.protocol || r.first !== first || r.upTo > n || r.taken > count) {
      const pipeline = new SessionPipeline(protocols, this.protocol === 'unknown' ? { keepFrames: false } : { keepFrames: false, protocol: this.protocol });
      for (const c of this.connectionsOf()) pipeline.addConnection(c);
      r = this.replica = { pipeline, protocol: this.protocol, first, taken: 0, upTo: -1 };
    }
    for (; r.taken < count; r.taken++) {
      const frame = source.at(r.taken);
      if (frame.index > n) break;
      r.pipeline.append(frame);
    }
    r.upTo = n;
    return r.pipeline.view();
  }
}

/**
 * A read-only array over a frame source: `length`, indexes, iteration and every array method read the
 * source, a frame made per element read. For the readers that want a session's frames as an array
 * (the checks across requests, history against live): they read the new ones, or all of them rarely.
 */
export function frameArray(source: FrameSource): readonly Frame[] {
  // A canonical array index, read without making a string (the proxy is read once per element).
  const isIndex = (key: string | symbol): boolean => {
    if (typeof key !== 'string' || key.length === 0 || key.length > 15 || (key.length > 1 && key.charCodeAt(0) === 48)) return false;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      if (c < 48 || c > 57) return false;
    }
    return true;
  };
  return new Proxy<Frame[]>([], {
    get(target, key, receiver) {
      if (key === 'length') return source.count();
      if (isIndex(key)) {
        const i = Number(key);
        return i < source.count() ? source.at(i) : undefined;
      }
      if (key === Symbol.iterator) {
        return function* () {
          for (let i = 0; i < source.count(); i++) yield source.at(i);
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
    has(target, key) {
      if (isIndex(key)) return Number(key) < source.count();
      return Reflect.has(target, key);
    },
    // Own keys and descriptors as an array of the source's frames has them (a deep comparison reads them).
    ownKeys(target) {
      const keys: (string | symbol)[] = [];
      for (let i = 0, n = source.count(); i < n; i++) keys.push(String(i));
      return [...keys, ...Reflect.ownKeys(target)];
    },
    getOwnPropertyDescriptor(target, key) {
      if (isIndex(key)) {
        const i = Number(key);
        return i < source.count() ? { value: source.at(i), writable: false, enumerable: true, configurable: true } : undefined;
      }
      if (key === 'length') return { ...Reflect.getOwnPropertyDescriptor(target, key), value: source.count() };
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    set() {
      return false;
    },
  });
}
