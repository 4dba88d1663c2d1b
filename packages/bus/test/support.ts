// Shared by the e2e tests: a real nats-server (the one the environment names, else a private one), a unique
// bus prefix per test so tests never share streams, and bounded waiting.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNats } from '@kruise-ts/devcluster';
import { type Bus, busSettingsBucket, connectBus, type TopologyOptions, topology } from '../src/index.ts';

export interface TestNats {
  url: string;
  stop(): Promise<void>;
}

export async function natsForTests(): Promise<TestNats> {
  const shared = process.env.KRUISE_TS_NATS_URL;
  if (shared) return { url: shared, stop: async () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'bus-nats-'));
  const server = await startNats(dir);
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function uniquePrefix(): string {
  return `t${randomBytes(5).toString('hex')}`;
}

/** A bus on its own prefix; `dispose` removes its streams and bucket and closes the connection. */
export async function testBus(
  url: string,
  options: Partial<TopologyOptions> = {},
): Promise<Bus & { dispose(): Promise<void> }> {
  const topo = topology({ partitions: 8, prefix: uniquePrefix(), ...options });
  const bus = await connectBus({
    servers: url,
    topology: topo,
    publisherId: `test/${topo.prefix}`,
    reconnectTimeWaitMs: 200,
  });
  return {
    ...bus,
    async dispose() {
      for (const stream of [
        topo.objects.stream,
        topo.events.stream,
        topo.leases.stream,
        `KV_${busSettingsBucket(topo.prefix)}`,
      ]) {
        await bus.jsm.streams.delete(stream).catch(() => {});
      }
      await bus.close();
    },
  };
}

export async function waitFor<T>(
  description: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${description}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    }),
  ]);
}
