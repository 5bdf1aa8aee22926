// A connection's request and response, as the Network panel's Headers and Payload tabs show them:
// method, full URL (copyable), status, timing, headers both ways, the request body as a JSON tree, the
// prompt the body carries, and "Copy as cURL" / "Copy as fetch" (secrets redacted unless unticked).
// A WebSocket gets what fits it: its handshake URL, subprotocol and status (101, or none when the page's
// WebSocket API hid it), and no cURL or fetch (neither can open a socket).
import type { ComponentChild } from 'preact';
import { useState } from 'preact/hooks';
import type { Connection } from '../../model/frame';
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';
import { curlCommand, fetchCall } from '../store/request-snippets';
import { formatClock, formatDuration } from '../store/session-time';
import { protocolText } from '../store/protocol-status';
import { track } from '../store/track';
import type { PanelSession } from '../store/session-set';
import { JsonTree } from './JsonTree';
import { copyText } from './copy-text';

export function RequestView({ store }: { store: PanelStore }) {
  const session = store.sessions.current.value;
  const connections = store.connections.value;
  const [redact, setRedact] = useState(true);
  const [copied, setCopied] = useState<string | undefined>(undefined);
  if (!session) return <div class="request-view empty">No session selected.</div>;
  const ids = session.connectionIds;
  const chosen = store.selection.connection.value;
  const id = chosen !== undefined && ids.includes(chosen) ? chosen : ids[0];
  const connection = id === undefined ? undefined : connections.get(id);
  const copy = async (label: string, text: string) => setCopied((await copyText(text)) ? `${label} copied` : 'Copy failed');
  const http = connection !== undefined && connection.transport !== 'websocket' && connection.url !== undefined;
  return (
    <div class="request-view" data-testid="request-view">
      {ids.length > 1 && (
        <div class="connection-chips" role="radiogroup" aria-label="Connection">
          {ids.map((cid) => (
            <button key={cid} type="button" role="radio" aria-checked={cid === id} class={`chip${cid === id ? ' current' : ''}`} onClick={() => applyEvent(store, { type: 'selectConnection', id: cid })}>
              {store.connectionName(cid)}
            </button>
          ))}
        </div>
      )}
      {!connection ? (
        <p class="muted">This connection was not described by the capture (frames only).</p>
      ) : (
        <>
          <div class="request-actions">
            <button type="button" class="copy-url" disabled={!connection.url} onClick={() => void copy('URL', connection.url ?? '')}>
              Copy URL
            </button>
            {connection.transport !== 'websocket' && (
              <>
                <button type="button" class="copy-curl" disabled={!http} onClick={() => void copy('cURL', curlCommand(connection, { redact }))}>
                  Copy as cURL
                </button>
                <button type="button" class="copy-fetch" disabled={!http} onClick={() => void copy('fetch', fetchCall(connection, { redact }))}>
                  Copy as fetch
                </button>
                <label title="Replace authorization headers, cookies and keys with [REDACTED] in what is copied">
                  <input type="checkbox" name="redact" checked={redact} onChange={(e) => setRedact(e.currentTarget.checked)} /> redact secrets
                </label>
              </>
            )}
            {copied && <span class="muted">{copied}</span>}
          </div>
          <General connection={connection} protocol={<ProtocolValue store={store} session={session} />} />
          <Prompt store={store} connection={connection} />
          <Headers title="Response headers" headers={connection.responseHeaders} />
          <Headers title="Request headers" headers={connection.requestHeaders} />
          <Body text={connection.requestBody} />
        </>
      )}
    </div>
  );
}

/**
 * The session's protocol, drawn again as frames arrive: detection settles on a frame, which changes
 * nothing else this tab shows, so without this the row kept what it said when the connection opened.
 * Only this row subscribes, not the headers and body around it.
 */
function ProtocolValue({ store, session }: { store: PanelStore; session: PanelSession }) {
  track(store.sessionsVersion.value);
  return <>{protocolText(session, store.connections.value, store.source.value === 'hub')}</>;
}

/** The subprotocol the handshake agreed on, when the capture recorded its headers (a HAR does). */
function subprotocolOf(connection: Connection): string | undefined {
  return connection.responseHeaders?.['sec-websocket-protocol'] ?? connection.requestHeaders?.['sec-websocket-protocol'];
}

function General({ connection, protocol }: { connection: Connection; protocol: ComponentChild }) {
  const socket = connection.transport === 'websocket';
  const rows: Array<[string, ComponentChild]> = socket
    ? [
        ['Handshake URL', connection.url ?? '(not recorded)'],
        ['Subprotocol', subprotocolOf(connection) ?? 'none recorded'],
        ['Status', connection.status !== undefined ? (connection.status === 101 ? '101 Switching Protocols' : String(connection.status)) : "none (a page's WebSocket does not show its handshake)"],
      ]
    : [
        ['Request URL', connection.url ?? '(not recorded)'],
        ['Method', (connection.method ?? 'GET').toUpperCase()],
        ['Status', connection.status !== undefined ? String(connection.status) : 'none yet'],
      ];
  rows.push(['Transport', connection.transport], ['Protocol', protocol], ['Started', formatClock(connection.startedAt)]);
  if (connection.closed) {
    const how = [connection.closed.code !== undefined ? `code ${connection.closed.code}` : '', connection.closed.reason ?? ''].filter(Boolean).join(', ');
    const after = connection.closed.at !== undefined && connection.startedAt !== undefined ? ` after ${formatDuration(connection.closed.at - connection.startedAt)}` : '';
    rows.push(['Closed', `${how || 'yes'}${after}`]);
  }
  return (
    <section class="request-section">
      <h4>General</h4>
      <dl class="kv">
        {rows.map(([k, v]) => (
          <div key={k} class="kv-row">
            <dt>{k}</dt>
            <dd class={k === 'Request URL' || k === 'Handshake URL' ? 'url' : undefined}>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Prompt({ store, connection }: { store: PanelStore; connection: Connection }) {
  const protocol = store.protocolOf(connection.id);
  let prompt;
  try {
    prompt = protocol?.promptOf?.(connection);
  } catch {
    prompt = undefined;
  }
  if (!prompt) return null;
  return (
    <section class="request-section">
      <h4>Prompt</h4>
      <p class="muted">
        {prompt.path} · {prompt.messageCount} message{prompt.messageCount === 1 ? '' : 's'} in the request
      </p>
      <div class="prompt-text">{prompt.text}</div>
    </section>
  );
}

function Headers({ title, headers }: { title: string; headers: Record<string, string> | undefined }) {
  const entries = Object.entries(headers ?? {});
  return (
    <section class="request-section">
      <h4>
        {title} <span class="muted">({entries.length})</span>
      </h4>
      {entries.length === 0 ? (
        <p class="muted">Not recorded.</p>
      ) : (
        <dl class="kv">
          {entries.map(([k, v]) => (
            <div key={k} class="kv-row">
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function Body({ text }: { text: string | undefined }) {
  if (text === undefined) return null;
  let json: unknown;
  let parsed = false;
  try {
    json = JSON.parse(text);
    parsed = true;
  } catch {
    parsed = false;
  }
  return (
    <section class="request-section">
      <h4>Request body</h4>
      {parsed ? <JsonTree value={json} /> : <pre class="payload-text">{text}</pre>}
    </section>
  );
}
