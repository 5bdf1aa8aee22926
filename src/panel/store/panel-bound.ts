// The live panel's own memory bound. The hub holds a tab's frames up to its bound (256 MB of JSON,
// two million frames). The panel holds them compactly (its frame log: payloads in one string per
// chunk, other fields in typed arrays; sessions keep no frames of their own): a short frame costs its
// payload's characters plus about 40 bytes (the log's fields, the session track, the timeline's
// positions), where frame objects cost about 230. The bound is set so a tab of a million short frames
// (the hub's own figure) still shows whole with room to spare, and so the hub's two million frames at
// a hundred characters do too. Past PANEL_MAX_BYTES the panel
// lets its oldest frames go, down to PANEL_KEEP of the bound so that trims (each one updates the
// timeline, the findings index and the sessions' kept frames) stay rare, counts
// them and says so in the toolbar; the background still holds them unless its own bound dropped them
// too, and the export reads the background. Only frames from a tab are bounded this way: a file the
// user opened has nothing behind it.

/** What a frame costs the panel besides its payload's characters: the log's fields, the session track, positions. */
export const FRAME_OVERHEAD_BYTES = 48;
/** Estimated bytes of frames the panel holds at most. */
export const PANEL_MAX_BYTES = 320_000_000;
/** What a trim keeps, as a share of the bound. */
export const PANEL_KEEP = 0.75;

/** What one frame with a payload of `chars` characters counts towards the bound. */
export const frameCost = (chars: number): number => chars + FRAME_OVERHEAD_BYTES;

export interface PanelBound {
  maxBytes: number;
  keep: number;
}

export const DEFAULT_PANEL_BOUND: PanelBound = { maxBytes: PANEL_MAX_BYTES, keep: PANEL_KEEP };
