// Loopback ports for the harnesses (bench, attack): a free one, and waiting until a server accepts on it
// (and, for a service, says it is ready).
import { once } from 'node:events';
import { connect, createServer } from 'node:net';

export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

function accepting(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls `ready()` every 20 ms until it is true; throws `failure()` if `child` exits first or 20 s pass. */
async function pollUntil(ready, child, failure) {
  const deadline = Date.now() + 20_000;
  while (!(await ready())) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves once `port` accepts connections; throws if `child` exits first or 20 s pass. */
export function waitForPort(port, child, name) {
  return pollUntil(
    () => accepting(port),
    child,
    () => `${name} did not start on port ${port}`,
  );
}

/** Resolves once GET `url` (a service's `/readyz`) answers 200; throws if `child` exits first or 20 s pass. */
export function waitUntilReady(url, child, name) {
  const answers200 = () =>
    fetch(url).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      },
      () => false,
    );
  return pollUntil(answers200, child, () => `${name} did not answer 200 at ${url} within 20 s`);
}

/** Whether something already listens on `port` (on 127.0.0.1, where npm start binds). */
export async function portTaken(port) {
  const server = createServer();
  const free = await new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (free) {
    server.close();
    await once(server, 'close');
  }
  return !free;
}
