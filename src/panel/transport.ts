// What the panel needs from wherever it runs: a way to send requests to the hub. Absent when the
// panel runs offline on imported files.
import type { PanelToHub } from '../bridge/panel-to-hub';

export interface PanelTransport {
  send(message: PanelToHub): void;
}
