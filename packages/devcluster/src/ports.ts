// Free loopback ports. The kernel picks them; we release and hand them to the child. A tiny race with
// another process grabbing the same port exists, which is why every start is verified by a readiness probe.
// Within this process the race is closed: the kernel may offer a port it just released again before the
// child it went to has bound it (NATS and Jaeger pick theirs concurrently), so a port is handed out once.
import { createServer } from 'node:net';

/** Every port this process handed out (a few per cluster: the set stays small). */
const handedOut = new Set<number>();

function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('no port from the kernel'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = await kernelPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no loopback port this process has not handed out already (${handedOut.size} so far)`);
}

export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) ports.push(await freePort());
  return ports;
}
