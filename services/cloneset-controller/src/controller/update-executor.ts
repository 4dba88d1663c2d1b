// Carrying out an update plan (docs/behaviour/cloneset.md#update-steps, #update-pod, #in-place-able, #in-place-procedure, #lifecycle): per-pod refresh (InPlaceUpdateReady, grace periods, next
// container batch, lifecycle transitions, the pod-template-hash label), then the chosen pods' moves — lifecycle
// step, in-place update (status condition first, then GET-change-PUT of the pod) or the specified-delete mark
// that hands a ReCreate to the scale step.
import { changedPodConditions, LifecycleState, POD_TEMPLATE_HASH_LABEL_KEY } from '@kruise-ts/core';
import { applyInPlaceUpdate, refreshInPlaceUpdate } from '@kruise-ts/inplace';
import type { LifecycleTransition } from '../lifecycle/state-machine.ts';
import { isPodOnRevision, SPECIFIED_DELETE_LABEL } from '../pod-state.ts';
import type { CloneSetPod } from '../types.ts';
import { inPlaceCheckOptions, type PodRefresh, type UpdatePlan } from '../update/plan-update.ts';
import { errorText } from './error-text.ts';
import { conditionsWithTransition, transitionPatch, writeTransition } from './lifecycle-write.ts';
import { recordEvent, type SyncContext } from './sync-context.ts';

/**
 * The lifecycle transition a refresh's status write can carry: one that only relabels (no hook finalizers to
 * re-add), when the refresh writes conditions anyway. pods/status keeps label and annotation changes, so the two
 * become one write (docs/adr/0042).
 */
export function transitionCarriedByStatus(
  r: Pick<PodRefresh<CloneSetPod>, 'inPlace' | 'lifecycle'>,
): LifecycleTransition | undefined {
  if (r.inPlace.action !== 'update-status' || r.lifecycle === undefined) return undefined;
  return r.lifecycle.withHook === undefined ? r.lifecycle : undefined;
}

/** Refresh writes, then updates; returns how many pods were moved towards the target revision. */
export async function executeUpdate(ctx: SyncContext, plan: UpdatePlan<CloneSetPod>): Promise<number> {
  for (const r of plan.refresh) {
    const name = r.pod.metadata.name ?? '';
    const uid = r.pod.metadata.uid;
    let lifecycle = r.lifecycle;
    if (r.inPlace.action === 'update-status') {
      const carried = transitionCarriedByStatus(r);
      const conditions =
        carried === undefined
          ? r.inPlace.conditions
          : conditionsWithTransition(r.pod, r.inPlace.conditions, carried, ctx.now);
      const changed = changedPodConditions(r.pod, conditions);
      if (changed.length > 0) {
        await ctx.writer.patchPodConditions(
          name,
          changed,
          carried === undefined ? undefined : transitionPatch(carried, ctx.now).metadata,
        );
        if (carried !== undefined) lifecycle = undefined;
      }
    } else if (r.inPlace.action === 'update-pod') {
      ctx.span.addEvent('in-place update refreshed', {
        'k8s.pod.name': name,
        'kruise.inplace.step': r.inPlace.reason,
      });
      // Resources change only through the resize subresource, before the pod write records the batch.
      const resized =
        r.inPlace.resize === undefined ? undefined : await ctx.writer.resizePod(name, r.inPlace.resize);
      await ctx.writer.updatePod(name, uid, resized ?? r.pod, (fresh) => {
        const again = refreshInPlaceUpdate(fresh, ctx.now, inPlaceCheckOptions(ctx.gates));
        return again.action === 'update-pod' ? again.pod : undefined;
      });
    }
    if (lifecycle !== undefined) await writeTransition(ctx, r.pod, lifecycle);
    if (r.podTemplateHash !== undefined) {
      await ctx.writer.patchPod(name, {
        metadata: { labels: { [POD_TEMPLATE_HASH_LABEL_KEY]: r.podTemplateHash } },
      });
    }
  }
  if (plan.stop !== undefined) return 0;

  let moved = 0;
  const target = plan.targetRevision ?? '';
  for (const u of plan.updates) {
    const name = u.pod.metadata.name ?? '';
    switch (u.type) {
      case 'lifecycle':
        await writeTransition(ctx, u.pod, u.transition);
        ctx.span.addEvent('rollout.wait', {
          'kruise.rollout.wait': 'lifecycle-hook',
          'k8s.pod.name': name,
          'kruise.lifecycle.state': u.transition.to,
        });
        moved++;
        break;
      case 'wait':
        ctx.span.addEvent('rollout.wait', {
          'kruise.rollout.wait': 'lifecycle-hook',
          'k8s.pod.name': name,
          'kruise.lifecycle.state': LifecycleState.PreparingUpdate,
        });
        break;
      case 'in-place':
        try {
          // The pod as the last write left it (else as cached): the PUT below starts from it.
          let latest: CloneSetPod = u.pod;
          if (u.result.statusConditions !== undefined) {
            const changed = changedPodConditions(u.pod, u.result.statusConditions);
            if (changed.length > 0) latest = await ctx.writer.patchPodConditionsForUpdate(name, changed);
          }
          // Kubernetes ≥ 1.33 changes a pod's resources only through the resize subresource; the pod write
          // that follows reads the resized spec back (Kruise updatePodInPlace resizes before UpdatePod too).
          if (u.result.resize !== undefined) latest = await ctx.writer.resizePod(name, u.result.resize);
          await ctx.writer.updatePod(name, u.pod.metadata.uid, latest, (fresh) =>
            // Already moved (an earlier attempt got through): nothing to do.
            isPodOnRevision(fresh, u.spec.revision)
              ? undefined
              : applyInPlaceUpdate(fresh, u.spec, {
                  now: ctx.now,
                  shortHash: ctx.gates.cloneSetShortHash === true,
                }).pod,
          );
        } catch (err) {
          recordEvent(
            ctx,
            'Warning',
            'FailedUpdatePodInPlace',
            `failed to update pod ${name} in-place: ${errorText(err)}`,
          );
          throw err;
        }
        recordEvent(
          ctx,
          'Normal',
          'SuccessfulUpdatePodInPlace',
          `successfully update pod ${name} in-place(revision ${target})`,
        );
        ctx.span.addEvent('pod updated in place', {
          'k8s.pod.name': name,
          'kruise.inplace.images': JSON.stringify(u.spec.containerImages),
          'kruise.inplace.env_from_metadata': JSON.stringify(u.spec.containerRefMetadata ?? {}),
          'kruise.inplace.resources': JSON.stringify(u.spec.containerResources ?? {}),
          'kruise.inplace.grace_seconds': u.spec.graceSeconds,
        });
        moved++;
        break;
      case 'recreate':
        if (!u.alreadyMarked) {
          try {
            await ctx.writer.patchPod(name, { metadata: { labels: { [SPECIFIED_DELETE_LABEL]: 'true' } } });
          } catch (err) {
            recordEvent(
              ctx,
              'Warning',
              'FailedUpdatePodReCreate',
              `failed to patch pod ${name} specified-delete: ${errorText(err)}`,
            );
            throw err;
          }
          recordEvent(
            ctx,
            'Normal',
            'SuccessfulUpdatePodReCreate',
            `successfully patch pod ${name} specified-delete for update(revision ${target})`,
          );
          ctx.span.addEvent('pod marked for recreate', { 'k8s.pod.name': name });
        }
        moved++;
        break;
    }
  }
  return moved;
}
