// A tiny deterministic cluster for walk-through tests: one reconcile of the pure decisions applied to an in-memory
// pod list, a fake kubelet (docs/behaviour/control-plane.md#fake-kubelet H-bind, H-run, H-inplace) and a clock that advances by a fixed step.

import {
  type ControllerRevision,
  formatRfc3339,
  LIFECYCLE_STATE_LABEL,
  LIFECYCLE_TIMESTAMP_ANNOTATION,
  type PodCondition,
  selectorString,
  setPodCondition,
} from '@kruise-ts/core';
import { isPodAvailable, isPodOnRevision, SPECIFIED_DELETE_LABEL } from '../../src/pod-state.ts';
import { newVersionedPod } from '../../src/pods/new-pod.ts';
import { selectActiveRevisions } from '../../src/revisions/active-revisions.ts';
import { calculateStatus } from '../../src/status/calculate-status.ts';
import { claimPods } from '../../src/sync/claim.ts';
import { planScale, scalePlanModifies } from '../../src/sync/scale.ts';
import type { CloneSet, CloneSetPod, CloneSetStatus, PodTemplate } from '../../src/types.ts';
import { planUpdate } from '../../src/update/plan-update.ts';

export interface StepRecord {
  step: number;
  now: number;
  action: string;
  status: CloneSetStatus;
  pods: number;
  available: number;
  images: string[];
}

function templateOfRevision(rev: ControllerRevision): PodTemplate {
  const data = (typeof rev.data === 'string' ? JSON.parse(rev.data) : rev.data) as {
    spec: { template: PodTemplate & { $patch?: string } };
  };
  const { $patch: _patch, ...template } = data.spec.template;
  return template;
}

const withLabel = (pod: CloneSetPod, key: string, value: string): CloneSetPod => ({
  ...pod,
  metadata: { ...pod.metadata, labels: { ...pod.metadata.labels, [key]: value } },
});

export class Simulator {
  now: number;
  readonly stepMs: number;
  cloneSet: CloneSet & { metadata: { name: string; uid: string; namespace: string } };
  pods: CloneSetPod[] = [];
  revisions: ControllerRevision[] = [];
  history: StepRecord[] = [];
  private imageIds = new Map<string, number>();

  constructor(cloneSet: Simulator['cloneSet'], start: number, stepMs: number) {
    this.cloneSet = cloneSet;
    this.now = start;
    this.stepMs = stepMs;
  }

  /** Runs reconcile, kubelet, clock until `steps` ticks have passed; returns the per-step records. */
  run(steps: number): StepRecord[] {
    for (let i = 0; i < steps; i++) {
      const action = this.reconcile();
      this.kubelet();
      this.record(action);
      this.now += this.stepMs;
    }
    return this.history;
  }

  private record(action: string): void {
    const status = this.cloneSet.status as CloneSetStatus;
    const mrs = this.cloneSet.spec.minReadySeconds ?? 0;
    this.history.push({
      step: this.history.length,
      now: this.now,
      action,
      status,
      pods: this.pods.length,
      available: this.pods.filter((p) => isPodAvailable(p, mrs, this.now)).length,
      images: this.pods.map((p) => p.spec?.containers?.[0]?.image ?? '').sort(),
    });
  }

  reconcile(): string {
    const cs = this.cloneSet;
    const claimed = claimPods(cs, this.pods).claimed;
    const revs = selectActiveRevisions({
      cloneSet: { ...cs, spec: { template: cs.spec.template } },
      revisions: this.revisions,
    });
    if (revs.decision.action === 'create') this.revisions.push(revs.updateRevision);
    const update = revs.updateRevision;
    const current = revs.currentRevision;
    const currentName = current.metadata.name ?? '';
    const updateName = update.metadata.name ?? '';

    let action = 'none';
    const scale = planScale({
      cloneSet: cs,
      pods: claimed,
      pvcs: [],
      currentRevision: currentName,
      updateRevision: updateName,
      now: this.now,
    });
    if (scalePlanModifies(scale)) {
      action = `scale:${scale.step}`;
      const deleted = new Set(scale.deletions.map((d) => d.pod));
      this.pods = this.pods.filter((p) => !deleted.has(p));
      for (const { pod } of scale.markPreparingDelete)
        this.replace(pod, withLabel(pod, LIFECYCLE_STATE_LABEL, 'PreparingDelete'));
      for (const pod of scale.cancelPreparingDelete)
        this.replace(pod, withLabel(pod, LIFECYCLE_STATE_LABEL, 'PreparingNormal'));
      const create = (ids: string[], rev: ControllerRevision) => {
        for (const id of ids) {
          const { pod } = newVersionedPod({
            cloneSet: cs,
            template: templateOfRevision(rev),
            revisionName: rev.metadata.name ?? '',
            instanceId: id,
            now: this.now,
          });
          this.pods.push({
            ...pod,
            metadata: { ...pod.metadata, uid: `uid-${id}`, creationTimestamp: formatRfc3339(this.now) },
          });
        }
      };
      create(scale.create.currentRevision, current);
      create(scale.create.updateRevision, update);
    } else {
      const plan = planUpdate({
        cloneSet: cs,
        pods: claimed,
        currentRevision: current,
        updateRevision: update,
        revisions: this.revisions,
        now: this.now,
      });
      if (plan.error !== undefined) throw new Error(plan.error);
      const parts: string[] = [];
      for (const r of plan.refresh) {
        let pod = r.pod;
        if (r.inPlace.action === 'update-status')
          pod = { ...pod, status: { ...pod.status, conditions: r.inPlace.conditions } };
        if (r.inPlace.action === 'update-pod') pod = r.inPlace.pod;
        if (r.lifecycle !== undefined) {
          pod = withLabel(pod, LIFECYCLE_STATE_LABEL, r.lifecycle.to);
          pod = {
            ...pod,
            metadata: {
              ...pod.metadata,
              annotations: {
                ...pod.metadata.annotations,
                [LIFECYCLE_TIMESTAMP_ANNOTATION]: formatRfc3339(this.now),
              },
            },
          };
          parts.push(`lifecycle:${r.lifecycle.to}`);
        }
        if (r.podTemplateHash !== undefined) pod = withLabel(pod, 'pod-template-hash', r.podTemplateHash);
        this.replace(r.pod, pod);
      }
      for (const u of plan.updates) {
        parts.push(`update:${u.type}`);
        if (u.type === 'recreate') this.replace(u.pod, withLabel(u.pod, SPECIFIED_DELETE_LABEL, 'true'));
        if (u.type === 'lifecycle')
          this.replace(u.pod, withLabel(u.pod, LIFECYCLE_STATE_LABEL, u.transition.to));
        if (u.type === 'in-place') {
          const written =
            u.result.statusConditions === undefined
              ? u.result.pod
              : {
                  ...u.result.pod,
                  status: { ...u.result.pod.status, conditions: u.result.statusConditions },
                };
          this.replace(u.pod, written);
        }
      }
      action = parts.length > 0 ? [...new Set(parts)].join(',') : (plan.stop ?? 'none');
    }

    const { status } = calculateStatus(cs, claimPods(cs, this.pods).claimed, {
      observedGeneration: cs.metadata.generation ?? 1,
      currentRevision: currentName,
      updateRevision: updateName,
      collisionCount: revs.collisionCount,
      labelSelector: selectorString(cs.spec.selector),
      conditions: cs.status?.conditions ?? [],
      now: this.now,
    });
    this.cloneSet = { ...cs, status };
    return action;
  }

  private replace(old: CloneSetPod, next: CloneSetPod): void {
    const i = this.pods.indexOf(old);
    if (i >= 0) this.pods[i] = next;
    else {
      const byName = this.pods.findIndex((p) => p.metadata.name === old.metadata.name);
      if (byName >= 0) this.pods[byName] = next;
    }
  }

  private imageId(image: string): string {
    const n = (this.imageIds.get(image) ?? 0) + 1;
    this.imageIds.set(image, n);
    return `sha256:${image}`;
  }

  /** Bind, run and (re)start containers; Ready only when every readiness gate is True. */
  kubelet(): void {
    const t = formatRfc3339(this.now);
    this.pods = this.pods.map((pod) => {
      const containers = pod.spec?.containers ?? [];
      const old = pod.status?.containerStatuses ?? [];
      const statuses = containers.map((c) => {
        const prev = old.find((s) => s.name === c.name);
        if (prev !== undefined && prev.image === c.image) return { ...prev, ready: true };
        return {
          name: c.name,
          image: c.image ?? '',
          imageID: this.imageId(c.image ?? ''),
          ready: true,
          restartCount: prev === undefined ? 0 : (prev.restartCount ?? 0) + 1,
        };
      });
      const gatesTrue = (pod.spec?.readinessGates ?? []).every((g) =>
        (pod.status?.conditions ?? []).some((c) => c.type === g.conditionType && c.status === 'True'),
      );
      const ready = statuses.every((s) => s.ready) && gatesTrue;
      const prevReady = (pod.status?.conditions ?? []).find((c) => c.type === 'Ready');
      let conditions: PodCondition[] = pod.status?.conditions ?? [];
      const want = ready ? 'True' : 'False';
      if (prevReady?.status !== want)
        conditions = setPodCondition(conditions, { type: 'Ready', status: want, lastTransitionTime: t });
      return {
        ...pod,
        spec: { ...pod.spec, nodeName: pod.spec?.nodeName ?? 'n1' },
        status: { ...pod.status, phase: 'Running', conditions, containerStatuses: statuses },
      };
    });
  }

  /** Pods at a steady state on the CloneSet's current template (as if created long ago). */
  seedSteadyPods(count: number): void {
    const revs = selectActiveRevisions({
      cloneSet: { ...this.cloneSet, spec: { template: this.cloneSet.spec.template } },
      revisions: [],
    });
    this.revisions.push(revs.updateRevision);
    const name = revs.updateRevision.metadata.name ?? '';
    const long = formatRfc3339(this.now - 3_600_000);
    for (let i = 0; i < count; i++) {
      const id = `seed${i}`;
      const { pod } = newVersionedPod({
        cloneSet: this.cloneSet,
        template: templateOfRevision(revs.updateRevision),
        revisionName: name,
        instanceId: id,
        now: this.now - 3_600_000,
      });
      const image = pod.spec?.containers?.[0]?.image ?? '';
      this.pods.push({
        metadata: {
          ...pod.metadata,
          uid: `uid-${id}`,
          labels: { ...pod.metadata.labels, [LIFECYCLE_STATE_LABEL]: 'Normal' },
          creationTimestamp: long,
        },
        spec: { ...pod.spec, nodeName: 'n1' },
        status: {
          phase: 'Running',
          conditions: [
            { type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: long },
            { type: 'Ready', status: 'True', lastTransitionTime: long },
          ],
          containerStatuses: [
            { name: 'nginx', image, imageID: this.imageId(image), ready: true, restartCount: 0 },
          ],
        },
      });
    }
    this.cloneSet = {
      ...this.cloneSet,
      status: {
        replicas: count,
        readyReplicas: count,
        availableReplicas: count,
        updatedReplicas: count,
        updatedReadyReplicas: count,
        currentRevision: name,
        updateRevision: name,
      },
    };
  }

  countOnRevision(name: string): number {
    return this.pods.filter((p) => isPodOnRevision(p, name)).length;
  }
}
