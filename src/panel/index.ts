// The panel's public surface for whoever mounts it (the DevTools entrypoint, a plain page, tests).
export { mountPanel, type MountOptions, type MountedPanel } from './mount';
export { connectHub, RECONNECT_MS, type HubLink, type HubLinkOptions } from './hub-link';
export type { PanelTransport } from './transport';
export type { DevToolsTheme } from './App';
