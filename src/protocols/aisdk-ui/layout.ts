// Where AI SDK items land in the view model. Shared by the UI message stream and the v4 data stream,
// which both mark steps (start-step/finish-step, `f:`/`e:`).
//
// A step becomes a group, but text stays outside groups: AI SDK puts every answer, even a one-line
// reply, inside a step, and a done group collapses, which would hide the answer. So a text item stands
// alone between group segments of its step (the flat-block protocol's grouping does the same for
// ordinary text), and the next tool or reasoning item of the step opens a new segment.
import type { GroupItem, TextItem, ViewItem, ViewModel } from '../../model/view';
import { addFrame } from '../shared/view-helpers';

/** The segment list of a step with none: shared, never added to (addItem starts a new list). */
const NO_SEGMENTS: GroupItem[] = [];

export class StepLayout {
  private stepOpen = false;
  private stepCount = 0;
  /** Group segments of the open step (marked done together at finish-step). */
  private segments: GroupItem[] = NO_SEGMENTS;
  private current: GroupItem | undefined;
  /**
   * Top-level item count where the current step began: at its start-step, or where the message began
   * when it has none yet. reset-step truncates back to it, as ai removes the parts after the last step-start.
   */
  private stepStart = 0;
  /** Counts the steps and messages begun: the parts of one step share a number (see `serial`). */
  private stepSerial = 0;
  private brandPending = true;
  private lastTextItem: TextItem | undefined;

  constructor(private readonly model: ViewModel) {}

  get inStep(): boolean {
    return this.stepOpen;
  }

  get lastText(): TextItem | undefined {
    return this.lastTextItem;
  }

  /** The number of the step parts land in now; another once a step or message begins. */
  get serial(): number {
    return this.stepSerial;
  }

  /** The assistant speaks again (after `finish`): its next text shows the brand header. */
  startTurn(): void {
    this.brandPending = true;
  }

  /** A new assistant message: a new turn, whose parts begin a step (ai's current step until a start-step). */
  startMessage(): void {
    this.startTurn();
    this.stepSerial++;
    this.stepStart = this.model.items.length;
  }

  startStep(frame: number): void {
    if (this.stepOpen) this.closeSegments(frame, true);
    this.stepOpen = true;
    this.stepCount++;
    this.stepSerial++;
    this.dropSegments();
    this.current = undefined;
    this.stepStart = this.model.items.length;
  }

  finishStep(frame: number): void {
    this.closeSegments(frame, true);
    this.stepOpen = false;
  }

  /**
   * The stream ended with a step still open (the next request starts a new stream): the step ends with
   * it, its groups closed but not done, and the next stream's first step is no second one inside it.
   */
  endOpenStep(): void {
    if (!this.stepOpen) return;
    for (const g of this.segments) g.open = false;
    this.dropSegments();
    this.current = undefined;
    this.stepOpen = false;
  }

  /** Removes what the current step added, open or not (AI SDK 7 `reset-step`). */
  resetStep(): void {
    this.model.items.length = Math.min(this.model.items.length, this.stepStart);
    this.dropSegments();
    this.current = undefined;
  }

  addText(item: TextItem): void {
    item.brand = this.brandPending;
    this.brandPending = false;
    this.current = undefined;
    this.lastTextItem = item;
    this.model.items.push(item);
  }

  /** A failed turn: top level like text, since a collapsed step group would hide it. */
  addAlert(item: ViewItem): void {
    this.current = undefined;
    this.model.items.push(item);
  }

  /**
   * A user message: always top level, and the next assistant text is a new turn. A request's message
   * is no part of the answer's steps; a steering message (`inStep`) is one of the step's parts.
   */
  addUser(item: ViewItem, inStep = false): void {
    this.current = undefined;
    this.brandPending = true;
    this.model.items.push(item);
    if (!inStep) this.stepStart = this.model.items.length;
  }

  /** Tool, reasoning and other step content: into the step's group segment, or top level outside steps. */
  addItem(item: ViewItem, frame: number): void {
    if (!this.stepOpen) {
      this.model.items.push(item);
      return;
    }
    if (this.current) {
      this.current.items.push(item);
      return;
    }
    // Lists made holding their first entry: an empty list's first push makes room for sixteen.
    const group: GroupItem = {
      kind: 'group',
      id: `step-${this.stepCount}-${this.segments.length}`,
      frames: [frame],
      summary: `Step ${this.stepCount}`,
      done: false,
      open: this.model.streaming,
      items: [item],
    };
    if (this.segments.length === 0) this.segments = [group];
    else this.segments.push(group);
    this.current = group;
    this.model.items.push(group);
  }

  /** Streaming stopped: groups still running are shown closed, not done. */
  endStreaming(): void {
    this.model.streaming = false;
    for (const g of this.segments) g.open = false;
  }

  private closeSegments(frame: number, done: boolean): void {
    for (const g of this.segments) {
      g.done = done;
      g.open = false;
      addFrame(g.frames, frame);
    }
    this.dropSegments();
    this.current = undefined;
  }

  /** The open step has no segments any more. */
  private dropSegments(): void {
    this.segments = NO_SEGMENTS;
  }
}
