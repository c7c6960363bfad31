// Sends `count` large F calculations at once, each on a connection of its own, and prints the statuses
// as JSON when all are answered: the load of the responsiveness test, in a process of its own so the
// probing client measures the server rather than itself.
import { request } from 'node:http';

const [origin, count, trades] = process.argv.slice(2);
const { trades: make } = await import(
  new URL('../../../../services/f-crypto-tax/bench/workload.mjs', import.meta.url)
);
const body = Buffer.from(JSON.stringify({ trades: make(Number(trades)) }));
const post = () =>
  new Promise((resolve) => {
    const req = request(`${origin}/api/v1/calculate`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': body.byteLength },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', (error) => resolve(error.code ?? error.message));
    req.end(body);
  });
process.stdout.write('sending\n');
const statuses = await Promise.all(Array.from({ length: Number(count) }, post));
process.stdout.write(`${JSON.stringify(statuses)}\n`);
