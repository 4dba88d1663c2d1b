// One SidecarSet reconcile (sidecarset_processor.go UpdateSidecarSet; docs/behaviour/sidecarset.md#reconcile): matching pods, latest
// ControllerRevision, status, then — unless NotUpdate or paused — the reset of finished hot upgrades
// (docs/behaviour/sidecarset.md#hot-upgrade-reset) or else the next batch of in-place sidecar upgrades.
import type { ResourceVersionExpectations } from '@kruise-ts/core';
import type { ReconcileResult } from '@kruise-ts/runtime';
import {
  calculateStatus,
  isPodSidecarUpdated,
  nextUpgradePods,
  type Pod,
  podsToResetHotUpgrade,
  resetHotUpgradeSlots,
  type SidecarSet,
  statusChanged,
  upgradableCondition,
  upgradePodSidecars,
} from '@kruise-ts/sidecarset';
import type { Logger } from '@kruise-ts/telemetry';
import type { ClusterView } from './cluster-view.ts';
import type { KubeWriter } from './kube-writer.ts';
import { type RevisionOverlay, registerLatestRevision } from './revisions.ts';

export interface ReconcileDeps {
  view: Pick<ClusterView, 'sidecarSet' | 'matchingPods' | 'revisions'>;
  writer: Pick<KubeWriter, keyof KubeWriter>;
  versions: ResourceVersionExpectations;
  overlay: RevisionOverlay;
  revisionNamespace: string;
  now?: () => Date;
}

// Kruise requeues after 1 s while its own pod updates are not yet in the cache.
const IN_FLIGHT_REQUEUE_MS = 1_000;
// A safety net after upgrading pods, should their events be slow to arrive.
const ROLLOUT_RESYNC_MS = 15_000;

/** Kruise's NotUpgradablePods Event text (pkg/controller/sidecarset/sidecarset_processor.go updatePods). */
export function notUpgradablePodsMessage(count: number): string {
  return `SidecarSet in-place update detected ${count} not upgradable pod(s) in this round, will skip them.`;
}

export function createReconciler(deps: ReconcileDeps) {
  const now = deps.now ?? (() => new Date());

  return async function reconcile(
    name: string,
    logger: Logger | undefined,
  ): Promise<ReconcileResult | undefined> {
    const sidecarSet = deps.view.sidecarSet(name);
    if (sidecarSet === undefined) return undefined;
    const pods = deps.view.matchingPods(sidecarSet);

    const { latest, collisionCount } = await registerLatestRevision({
      sidecarSet,
      pods,
      revisions: deps.overlay.apply(deps.view.revisions(name), name, 'kruise.io/sidecarset-name'),
      namespace: deps.revisionNamespace,
      writer: deps.writer,
      overlay: deps.overlay,
      logger,
    });
    const status = calculateStatus(sidecarSet, pods, latest.metadata.name ?? '', collisionCount);
    if (statusChanged(sidecarSet.status, status)) await deps.writer.writeStatus(name, status);
    const current: SidecarSet = { ...sidecarSet, status };

    // Our own pod writes must be in the cache before deciding again.
    let waitMs = 0;
    for (const pod of pods) {
      const check = deps.versions.check(pod, { onTimeout: 'drop' });
      if (!check.proceed && !check.leaked)
        waitMs = Math.max(waitMs, Math.min(check.requeueAfterMs, IN_FLIGHT_REQUEUE_MS));
    }
    if (waitMs > 0) return { requeueAfter: waitMs };

    const strategy = sidecarSet.spec.updateStrategy ?? {};
    if (strategy.type === 'NotUpdate' || strategy.paused) return undefined;
    const at = now();

    // Hot upgrades whose new version runs and is ready: the old slot goes back to the empty image, and this
    // round does nothing else (Kruise returns after the reset too).
    const finished = podsToResetHotUpgrade(current, pods);
    if (finished.length > 0) {
      await resetHotUpgrades(deps, current, finished, at, logger);
      return { requeueAfter: ROLLOUT_RESYNC_MS };
    }
    if (status.updatedPods >= status.matchedPods) return undefined;

    const batch = nextUpgradePods(current, pods);
    for (const pod of batch.notUpgradable) {
      const condition = upgradableCondition(pod, name, false, at);
      if (condition) await deps.writer.patchPodCondition(pod, condition);
    }
    if (batch.notUpgradable.length > 0) {
      deps.writer.recordEvent(
        sidecarSet,
        'Normal',
        'NotUpgradablePods',
        notUpgradablePodsMessage(batch.notUpgradable.length),
      );
      logger?.info(
        { sidecarSet: name, pods: batch.notUpgradable.length },
        'not upgradable pods: more than images changed since their injection',
      );
    }
    for (const pod of batch.upgrade) {
      const written = await deps.writer.updatePod(pod, (fresh: Pod) =>
        isPodSidecarUpdated(current, fresh) ? undefined : upgradePodSidecars(fresh, current, at).pod,
      );
      if (written === undefined) continue;
      const condition = upgradableCondition(written, name, true, at);
      if (condition) await deps.writer.patchPodCondition(written, condition);
    }
    if (batch.upgrade.length > 0) {
      logger?.info(
        { sidecarSet: name, pods: batch.upgrade.map((p) => `${p.metadata.namespace}/${p.metadata.name}`) },
        'upgraded sidecars in place',
      );
    }
    return batch.upgrade.length > 0 ? { requeueAfter: ROLLOUT_RESYNC_MS } : undefined;
  };
}

/**
 * flipHotUpgradingContainers: one pod after the other, with an Event on each pod; the first failure ends the
 * round (and is retried by the queue).
 */
async function resetHotUpgrades(
  deps: ReconcileDeps,
  sidecarSet: SidecarSet,
  pods: readonly Pod[],
  at: Date,
  logger: Logger | undefined,
): Promise<void> {
  for (const pod of pods) {
    try {
      await deps.writer.updatePod(pod, (fresh: Pod) => {
        const { pod: reset, changed } = resetHotUpgradeSlots(fresh, sidecarSet, at);
        return changed.length > 0 ? reset : undefined;
      });
    } catch (err) {
      deps.writer.recordPodEvent(
        pod,
        'Warning',
        'ResetContainerFailed',
        `reset sidecar container image empty failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      throw new Error(
        `resetting the hot-upgrade slots of pod ${pod.metadata.namespace}/${pod.metadata.name}`,
        {
          cause: err,
        },
      );
    }
    deps.writer.recordPodEvent(
      pod,
      'Normal',
      'ResetContainerSucceed',
      'reset sidecar container image empty successfully',
    );
  }
  logger?.info(
    {
      sidecarSet: sidecarSet.metadata?.name,
      pods: pods.map((p) => `${p.metadata.namespace}/${p.metadata.name}`),
    },
    'hot upgrade finished: old sidecar slots reset to the empty image',
  );
}
