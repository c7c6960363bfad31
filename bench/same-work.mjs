// A same-work ceiling: bare node:http doing exactly what one declared row's service does for that
// request, with the project's own built domain functions (the row's `sameWork(body)`), and nothing
// else — no validation, no logging, no conventions. Selected by BENCH_SERVICE and BENCH_ROW.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const rowsFile = join(import.meta.dirname, '..', 'services', process.env.BENCH_SERVICE, 'bench', 'rows.mjs');
const { http = [], large = [] } = await import(pathToFileURL(rowsFile).href);
const row = [...http, ...large].find((candidate) => candidate.name === process.env.BENCH_ROW);
if (row?.sameWork === undefined) throw new Error(`no sameWork for ${process.env.BENCH_ROW}`);
const contentType = row.contentType ?? 'application/json; charset=utf-8';

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = row.sameWork(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), req.url);
    res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(
    `${JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${server.address().port}` })}\n`,
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
