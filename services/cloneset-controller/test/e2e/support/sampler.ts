// Samples a CloneSet's pods every ~250 ms during a rollout, so tests can assert what must hold at every moment
// (never more unavailable or surged pods than allowed), not only at the end.
import { isCloneSetPodAvailable, type Pod } from '@kruise-ts/core';
import type { V1Pod } from '@kubernetes/client-node';
import { imageOf, isActive, listPods } from './cloneset.ts';
import type { Harness } from './harness.ts';

export interface Sample {
  at: number;
  /** Active pods (not terminating, not finished). */
  active: number;
  /** Active pods available in Kruise's sense (lifecycle Normal, Ready ≥ minReadySeconds, InPlaceUpdateReady). */
  available: number;
  images: string[];
  pods: V1Pod[];
}

export interface Sampler {
  samples: Sample[];
  stop(): Promise<Sample[]>;
}

export function startSampler(
  h: Harness,
  ns: string,
  app: string,
  minReadySeconds = 0,
  intervalMs = 250,
): Sampler {
  const samples: Sample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const pods = (await listPods(h, ns, app)).filter(isActive);
        const at = Date.now();
        samples.push({
          at,
          active: pods.length,
          available: pods.filter((p) => isCloneSetPodAvailable(p as unknown as Pod, minReadySeconds, at))
            .length,
          images: pods.map(imageOf).sort(),
          pods,
        });
      } catch {
        // A failed read is a missing sample, not a failed invariant.
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    samples,
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}
