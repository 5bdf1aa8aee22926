// The replay server's public entry: `startReplayServer` (the package API's `serve`) and its types.
export { startReplayServer } from './server';
export { ReplayInputError } from './load-inputs';
export { routeMap } from './route-map';
export type { ReplayDifference, ReplayFaults, ReplayInput, ReplayOptions, ReplayRoute, ReplayServer, RouteKind, DifferenceKind } from './types';
