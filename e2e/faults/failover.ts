// Failover as the bus sees it: which process holds which lease (partition leases and leader leases, KV
// `<prefix>_leases`), and how long until every lease a killed or frozen process held has another holder.
// Read through the bucket's stream (direct reads of each key's last message), so the probe holds no watcher.
import { connectBus, topology } from '@kruise-ts/bus';

export interface LeaseProbe {
  /** Every lease key and its holder (member id `<host>-<pid>`). */
  leases(): Promise<Map<string, string>>;
  /** Lease keys (`<controller>.partitions.<p>`) whose holder is the process with this pid. */
  heldBy(pid: number): Promise<string[]>;
  /** Resolves with the ms from `since` until none of `keys` is held by `pid` any more and each has a holder. */
  awaitTakenOver(keys: readonly string[], pid: number, since: number, timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

export async function openLeaseProbe(natsUrl: string, prefix = 'kruise'): Promise<LeaseProbe> {
  const bus = await connectBus({
    servers: natsUrl,
    topology: topology({ prefix, partitions: 1 }),
    publisherId: 'faults-lease-probe',
  });
  const bucket = `${prefix.replaceAll('-', '_')}_leases`;
  const stream = `KV_${bucket}`;
  const root = `$KV.${bucket}.`;
  // Member ids are `<host>-<pid>` (runtime service settings); the holder names the process.
  const isPid = (holder: string, pid: number) => holder.endsWith(`-${pid}`);

  const holders = async (): Promise<Map<string, string>> => {
    const out = new Map<string, string>();
    const info = await bus.jsm.streams.info(stream, { subjects_filter: `${root}*.partitions.*` });
    for (const subject of Object.keys(info.state.subjects ?? {})) {
      const m = await bus.jsm.streams.getMessage(stream, { last_by_subj: subject });
      const op = m?.header?.get('KV-Operation');
      if (m === null || m.data.length === 0 || op === 'DEL' || op === 'PURGE') continue;
      out.set(subject.slice(root.length), (JSON.parse(m.string()) as { holder: string }).holder);
    }
    return out;
  };

  return {
    leases: holders,
    heldBy: async (pid) =>
      [...(await holders())]
        .filter(([, h]) => isPid(h, pid))
        .map(([k]) => k)
        .sort(),
    awaitTakenOver: async (keys, pid, since, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const now = await holders();
        if (keys.every((k) => now.has(k) && !isPid(now.get(k) ?? '', pid))) return Date.now() - since;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`leases ${keys.join(', ')} still held by pid ${pid} after ${timeoutMs} ms`);
    },
    close: () => bus.close(),
  };
}
