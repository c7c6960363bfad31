// Loopback ports for the harnesses (bench, attack): a free one, and waiting until a server accepts on it.
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

/** Resolves once `port` accepts connections; throws if `child` exits first or 20 s pass. */
export async function waitForPort(port, child, name) {
  const deadline = Date.now() + 20_000;
  while (!(await accepting(port))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${name} did not start on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
