// Faults by frame number, looked up as each frame is about to go out, and the text forms the CLI takes.
import type { ReplayFaults } from './types';

/** The faults of one replay in the form the player asks about them. */
export class FaultPlan {
  private readonly drops: Set<number>;
  private readonly duplicates: Set<number>;
  private readonly delays = new Map<number, number>();

  constructor(readonly faults: ReplayFaults = {}) {
    this.drops = new Set(faults.drop ?? []);
    this.duplicates = new Set(faults.duplicate ?? []);
    for (const { frame, ms } of faults.delay ?? []) this.delays.set(frame, (this.delays.get(frame) ?? 0) + ms);
  }

  /** How many times frame N goes out. */
  copies(frame: number): number {
    if (this.drops.has(frame)) return 0;
    return this.duplicates.has(frame) ? 2 : 1;
  }

  extraDelay(frame: number): number {
    return this.delays.get(frame) ?? 0;
  }

  cutAfter(frame: number): boolean {
    return this.faults.cutAfter === frame;
  }

  stallAfter(frame: number): boolean {
    return this.faults.stallAfter === frame;
  }

  /** Every frame number a fault names, for checking them against the captures. */
  frames(): number[] {
    const { cutAfter, stallAfter } = this.faults;
    const all = [...this.drops, ...this.duplicates, ...this.delays.keys()];
    if (cutAfter !== undefined) all.push(cutAfter);
    if (stallAfter !== undefined) all.push(stallAfter);
    return [...new Set(all)].sort((a, b) => a - b);
  }

  describe(): string[] {
    const { cutAfter, stallAfter, closeCode } = this.faults;
    const out: string[] = [];
    if (this.drops.size > 0) out.push(`drop ${[...this.drops].join(', ')}`);
    if (this.duplicates.size > 0) out.push(`duplicate ${[...this.duplicates].join(', ')}`);
    for (const [frame, ms] of this.delays) out.push(`delay ${frame} by ${ms} ms`);
    if (cutAfter !== undefined) out.push(`cut after ${cutAfter}`);
    if (stallAfter !== undefined) out.push(`stall after ${stallAfter}`);
    if (closeCode !== undefined) out.push(`close code ${closeCode}`);
    return out;
  }
}

/** Thrown for a fault or option written wrongly; the message names the option. */
export class FaultSyntaxError extends Error {}

/** A 1-based frame number. */
export function parseFrameNumber(option: string, text: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
    throw new FaultSyntaxError(`${option} takes a frame number (1, 2, …, as check prints them), not ${JSON.stringify(text)}`);
  }
  return Number(text);
}

/** `--drop 3 --drop 5,7` → [3, 5, 7]. */
export function parseFrameList(option: string, values: readonly string[]): number[] {
  return values.flatMap((value) => value.split(',').map((part) => parseFrameNumber(option, part)));
}

/** `--delay 4:1500` → {frame: 4, ms: 1500}. */
export function parseDelay(text: string): { frame: number; ms: number } {
  const match = /^\s*(\d+)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) throw new FaultSyntaxError(`--delay takes FRAME:MS, e.g. --delay 4:1500, not ${JSON.stringify(text)}`);
  const ms = Number(match[2]);
  if (ms > MAX_DELAY_MS) throw new FaultSyntaxError(`--delay ${text}: at most ${MAX_DELAY_MS} ms`);
  return { frame: parseFrameNumber('--delay', match[1] as string), ms };
}

/** The longest wait a timer takes (about 24.8 days). */
export const MAX_DELAY_MS = 2 ** 31 - 1;

/** Codes an endpoint may send in a close frame (RFC 6455 §7.4): not 1004-1006 or 1015, which are reserved. */
export function parseCloseCode(text: string): number {
  const code = Number(text);
  if (!/^\d+$/.test(text.trim()) || !isSendableCloseCode(code)) throw new FaultSyntaxError(`--close-code takes a code a server may send (1000-1003, 1007-1014, 3000-4999), not ${JSON.stringify(text)}`);
  return code;
}

export function isSendableCloseCode(code: number): boolean {
  return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
}
