// The page's own code that starts a fetch and a WebSocket: DevTools must name this file as their
// initiator, not the inspector's hook that wraps fetch and WebSocket.
function startRequests() {
  fetch('/initiator-data').then((r) => r.text());
  const ws = new WebSocket(location.origin.replace('http', 'ws') + '/initiator-ws');
  ws.onopen = () => ws.close();
}
document.getElementById('go').addEventListener('click', startRequests);
