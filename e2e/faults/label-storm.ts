// Fault scenario 7's other writer: merge-patches a label on the namespace's pods at a fixed rate, on a thread of
// its own. On the scenario's thread the storm stalled whenever a synchronous kubectl call ran (applying the
// CloneSet, polling the rollout), so 50 patches a second came out as ~15 a second.

import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';

interface StormOptions {
  kubeconfigPath: string;
  namespace: string;
  perSecond: number;
  /** Bound of the storm whatever happens to the scenario. */
  maxMs: number;
}

export interface LabelStorm {
  /** Stops the storm; resolves with the patches the apiserver accepted and the time they were sent over. */
  stop(): Promise<{ patches: number; ms: number }>;
}

export function startLabelStorm(options: StormOptions): LabelStorm {
  const worker = new Worker(new URL(import.meta.url), { workerData: options });
  const done = new Promise<{ patches: number; ms: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: () => {
      worker.postMessage('stop');
      return done.finally(() => worker.terminate());
    },
  };
}

async function storm(o: StormOptions): Promise<void> {
  const kc = new KubeConfig();
  kc.loadFromFile(o.kubeconfigPath);
  const core = kc.makeApiClient(CoreV1Api);
  let stopping = false;
  parentPort?.once('message', () => {
    stopping = true;
  });
  const startedAt = Date.now();
  const intervalMs = 1000 / o.perSecond;
  let patches = 0;
  let names: string[] = [];
  const inFlight = new Set<Promise<unknown>>();
  // Fired on a clock (the i-th patch at startedAt + i·interval), not one after the other; pods re-listed twice a second.
  for (let i = 0; !stopping && Date.now() - startedAt < o.maxMs; i++) {
    if (i % Math.max(1, Math.round(o.perSecond / 2)) === 0) {
      names = (await core.listNamespacedPod({ namespace: o.namespace })).items.map(
        (p) => p.metadata?.name ?? '',
      );
    }
    const name = names[i % Math.max(1, names.length)];
    if (name && inFlight.size < o.perSecond) {
      const patch = core
        .patchNamespacedPod(
          { namespace: o.namespace, name, body: { metadata: { labels: { storm: String(i) } } } },
          setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
        )
        .then(() => patches++)
        .catch(() => {})
        .finally(() => inFlight.delete(patch));
      inFlight.add(patch);
    }
    await sleep(Math.max(0, startedAt + (i + 1) * intervalMs - Date.now()));
  }
  const ms = Date.now() - startedAt;
  await Promise.all(inFlight);
  parentPort?.postMessage({ patches, ms });
}

if (!isMainThread) await storm(workerData as StormOptions);
