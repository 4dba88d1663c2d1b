// A Kubernetes watch on a namespace's pods that re-evaluates a predicate over all pods after every event, so a
// test learns the largest number of pods that were ever in some state at once — exactly, whatever the timing
// (sampling alone can miss states that last less than its period).
import type { Pod } from '@kruise-ts/sidecarset';
import { type KubeConfig, Watch } from '@kubernetes/client-node';

export interface PodWatch {
  /** Largest number of pods satisfying the predicate after any single event. */
  max(): number;
  /** Names that ever satisfied `touched`. */
  touched(): ReadonlySet<string>;
  stop(): void;
}

export async function watchPods(
  kc: KubeConfig,
  namespace: string,
  counted: (pod: Pod) => boolean,
  touched: (pod: Pod) => boolean = () => false,
): Promise<PodWatch> {
  const pods = new Map<string, Pod>();
  const ever = new Set<string>();
  let max = 0;
  const request = await new Watch(kc).watch(
    `/api/v1/namespaces/${namespace}/pods`,
    {},
    (type: string, obj: Pod) => {
      const name = obj.metadata?.name ?? '';
      if (type === 'DELETED') pods.delete(name);
      else pods.set(name, obj);
      if (touched(obj)) ever.add(name);
      let n = 0;
      for (const p of pods.values()) if (counted(p)) n++;
      max = Math.max(max, n);
    },
    () => {},
  );
  return { max: () => max, touched: () => ever, stop: () => request.abort() };
}
