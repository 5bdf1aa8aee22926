// What a panel sends the hub over its `panel` port. The tab a panel watches is the one it subscribed
// to; the other requests apply to that tab.
import { z } from 'zod';
import { PanelAnswerSchema, type PanelAnswer } from './answer-messages';

export const PANEL_PORT_NAME = 'panel';

export type PanelToHub =
  | { readonly type: 'subscribe'; readonly tabId: number }
  | { readonly type: 'clear' }
  /**
   * `requestId` (the panel's own number) asks the hub to say which status answers it: the panel shows
   * the clicked value until then (panel/store/preserve-log-request.ts).
   */
  | { readonly type: 'setPreserveLog'; readonly value: boolean; readonly requestId?: number }
  | { readonly type: 'setRecording'; readonly value: boolean }
  | { readonly type: 'export'; readonly requestId: number }
  /** The panel applied this many more frames of what the hub sent: room for more (see hub/panel-feed.ts). */
  | { readonly type: 'applied'; readonly frames: number }
  /** The user's answer to a pending request, to send on the page's socket (answer-messages.ts). */
  | PanelAnswer;

export const PanelToHubSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), tabId: z.number().int().nonnegative() }),
  z.object({ type: z.literal('clear') }),
  z.object({ type: z.literal('setPreserveLog'), value: z.boolean(), requestId: z.number().int().nonnegative().optional() }),
  z.object({ type: z.literal('setRecording'), value: z.boolean() }),
  z.object({ type: z.literal('export'), requestId: z.number().int().nonnegative() }),
  z.object({ type: z.literal('applied'), frames: z.number().int().nonnegative() }),
  PanelAnswerSchema,
]);
