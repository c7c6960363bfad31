// The ceiling: a bare node:http server that drains the request body and answers a fixed JSON body.
// Run as a child process so it gets its own core, exactly like a service.
import { createServer } from 'node:http';

const body = Buffer.from(JSON.stringify({ status: 'ok', service: 'ceiling', version: '0.0.0', uptime_s: 0 }));
const server = createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
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
