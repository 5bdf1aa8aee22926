// Fetches a protocol session's stream in a Web Worker (the demo's "fetched in a worker" session) and
// hands its text to the page as it comes: `{ text }` per piece, then `{}` at the end, or `{ status }`
// when the request failed.
self.onmessage = async ({ data: { url, init } }) => {
  try {
    const res = await fetch(url, init);
    if (!res.ok || !res.body) return self.postMessage({ status: res.status });
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      self.postMessage({ text: value });
    }
    self.postMessage({});
  } catch {
    self.postMessage({ status: 0 });
  }
};
