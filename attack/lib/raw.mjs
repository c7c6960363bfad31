// Raw sockets: what fetch will not send (broken framing, trickled bytes, aborted bodies).
import { connect } from 'node:net';

/** Writes `chunks` (with `gapMs` between them) and resolves with what came back and when the socket closed. */
export function raw(port, chunks, { gapMs = 0, waitMs = 5_000, destroyAfterWrite = false } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let settled = false;
    const done = (closed) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ text, closed, ms: performance.now() - started });
    };
    socket.on('data', (data) => {
      text += data.toString('latin1');
    });
    socket.on('close', () => done(true));
    socket.on('error', () => done(true));
    setTimeout(() => done(false), waitMs).unref();
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
      if (destroyAfterWrite) setTimeout(() => done(true), 50);
    });
  });
}

export function parseResponse(text) {
  const end = text.indexOf('\r\n\r\n');
  const head = end < 0 ? text : text.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = {};
  for (const line of lines)
    headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
  return { status: Number(statusLine.split(' ')[1]), headers, body: end < 0 ? '' : text.slice(end + 4) };
}
