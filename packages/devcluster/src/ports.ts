// Free loopback ports. The kernel picks them; we release and hand them to the child. A tiny race with
// another process grabbing the same port exists, which is why every start is verified by a readiness probe.
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
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

export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}
