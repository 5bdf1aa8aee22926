// Protocol sessions of the demo site besides flat-block: the list (for the page and browser tests),
// the POST streaming route and the WebSocket upgrades.
export { protocolSessions, responseHeaders, routePath, sessionUrl, type ProtocolSession, type SessionTransport } from './sessions';
export { httpSession, streamProtocol } from './http';
export { createProtocolSockets, type ProtocolSockets } from './socket';
