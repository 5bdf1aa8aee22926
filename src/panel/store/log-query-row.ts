// The row the general query matcher reads, over the frame log's compact storage: one object moved from
// position to position during a filter pass, so filtering makes no row (and no frame until a term
// needs one) per frame.
import type { Direction, Frame } from '../../model/frame';
import type { Severity } from '../../model/finding';
import type { QueryRow } from './query';
import type { FrameContext, FrameLog } from './frame-log';
import { RELEASED_BY_PAGE } from '../../analysis/page-release';

/** A QueryRow over the frame at one position of the log, moved from frame to frame by `at`. */
export class ReusedRow implements QueryRow {
  private position = 0;
  private frame: Frame | undefined;

  constructor(
    private readonly log: FrameLog,
    private readonly ctx: FrameContext,
  ) {}

  at(position: number): this {
    this.position = position;
    this.frame = undefined;
    return this;
  }

  private get current(): Frame {
    return (this.frame ??= this.log.frameAt(this.position));
  }

  text(): string {
    return this.log.textAt(this.position);
  }

  event(): string {
    const frame = this.current;
    // As the row shows it: `type:released` finds the page's releases, `type:stopped` only its stops.
    if (frame.kind !== 'message' && this.ctx.releasedByPage(frame)) return RELEASED_BY_PAGE;
    return this.log.describe(this.position, this.ctx.protocolOf(frame.connectionId)).event;
  }

  get direction(): Direction {
    return this.log.directionAt(this.position);
  }

  get connection(): string {
    return this.log.connectionAt(this.position);
  }

  get connectionLabel(): string {
    return this.ctx.connectionName(this.log.connectionAt(this.position));
  }

  get bytes(): number {
    return this.log.bytesAt(this.position);
  }

  get frameKind(): string {
    return this.log.kindAt(this.position);
  }

  get cut(): boolean {
    return this.current.truncated !== undefined;
  }

  get gap(): boolean {
    return this.current.notKeptBefore !== undefined;
  }

  get severity(): Severity | undefined {
    return this.ctx.severityOf(this.log.indexAt(this.position));
  }
}
