// Saves text as a file through an object URL and a temporary <a download> (works in DevTools panels).
export function downloadText(text: string, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  doc.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function exportFileName(now = new Date()): string {
  return `agent-streams-${now.toISOString().replace(/[:.]/g, '-')}.asi.json`;
}

/** The OTLP export's name beside the capture export it is made from. */
export function otlpFileName(captureFileName: string): string {
  return captureFileName.replace(/\.asi\.json$/, '.otlp.json');
}
