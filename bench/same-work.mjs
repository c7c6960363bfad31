// A same-work ceiling: bare node:http doing exactly what one declared row's service does for that
// request, with the project's own built domain functions (the row's `sameWork(body)`), and nothing
// else — no validation, no logging, no conventions. Selected by BENCH_SERVICE and BENCH_ROW.
import { createServer } from 'node:http';
import { announce, contentTypeOf, rows } from './same-work-rows.mjs';

const [row] = rows;
const contentType = contentTypeOf(row);

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
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => announce(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
