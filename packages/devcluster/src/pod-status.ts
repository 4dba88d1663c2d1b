// On-demand pod faults for tests, written through the status subresource as a kubelet would report them.
// The fake kubelet's stages only act on Pending pods (start) and on Ready/gate disagreement, so a pod
// marked here stays as marked.
import { CoreV1Api, type KubeConfig, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';

function now(): string {
  return new Date().toISOString();
}

async function patchStatus(kc: KubeConfig, namespace: string, name: string, status: object): Promise<void> {
  const core = kc.makeApiClient(CoreV1Api);
  await core.patchNamespacedPodStatus(
    { name, namespace, body: { status } },
    setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
  );
}

/** Containers stop being ready (as after a failing readiness probe); the pod goes not-Ready. */
export function markPodNotReady(kc: KubeConfig, namespace: string, name: string): Promise<void> {
  return patchStatus(kc, namespace, name, {
    conditions: [
      { type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady', lastTransitionTime: now() },
      { type: 'Ready', status: 'False', reason: 'ContainersNotReady', lastTransitionTime: now() },
    ],
  });
}

/** Containers are ready again. */
export function markPodContainersReady(kc: KubeConfig, namespace: string, name: string): Promise<void> {
  return patchStatus(kc, namespace, name, {
    conditions: [{ type: 'ContainersReady', status: 'True', lastTransitionTime: now() }],
  });
}

/** The pod's containers exit with an error and are not restarted: phase Failed. */
export function markPodFailed(kc: KubeConfig, namespace: string, name: string): Promise<void> {
  return patchStatus(kc, namespace, name, {
    phase: 'Failed',
    conditions: [
      { type: 'ContainersReady', status: 'False', reason: 'PodFailed', lastTransitionTime: now() },
      { type: 'Ready', status: 'False', reason: 'PodFailed', lastTransitionTime: now() },
    ],
  });
}
