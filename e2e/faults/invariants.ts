// The fault suite's invariant checker: fed every pod and PVC watch event of a scenario's namespace, it reports
// what must never happen whatever fails (a duplicate instance, too many pods, a pod deleted that the spec keeps,
// a PVC deleted under a live instance). Pure: the runner feeds it, the unit tests table it.
// Pods and PVCs come from two watches, and one may lag the other (a busy machine once delivered a PVC's final
// DELETED before the delete of the pod that used it). Events are therefore judged in resourceVersion order —
// pods and PVCs live in one etcd, whose revisions order every write — when the results are read, after the
// watches stopped; events without a resourceVersion keep their arrival order.

export const INSTANCE_ID_LABEL = 'apps.kruise.io/cloneset-instance-id';

export interface WatchedObject {
  metadata: {
    name?: string;
    uid?: string;
    labels?: Record<string, string>;
    deletionTimestamp?: string;
    resourceVersion?: string;
  };
}

export interface ObservedEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  kind: 'Pod' | 'PersistentVolumeClaim';
  object: WatchedObject;
  /** ms since the scenario started (for the report). */
  at: number;
}

export interface InvariantSpec {
  /** replicas + maxSurge: live pods must never exceed it. */
  maxPods: number;
  /** Pods the spec keeps: no delete at all (a migration before any spec change). */
  noPodDeletes?: boolean;
  /** replicas - maxUnavailable: a delete that leaves fewer live pods deleted a pod the spec keeps. */
  minPods?: number;
  /** No pod may be created (a migration before any spec change). */
  noPodCreates?: boolean;
  /** No PVC may be created or deleted (a migration before any spec change). */
  noPvcChurn?: boolean;
}

export interface Violation {
  rule:
    | 'run-failed'
    | 'duplicate-instance'
    | 'too-many-pods'
    | 'pod-deleted'
    | 'pod-created'
    | 'pvc-deleted-in-use'
    | 'pvc-churn';
  at: number;
  detail: string;
}

export class InvariantChecker {
  readonly #violations: Violation[] = [];
  readonly #spec: InvariantSpec;
  /** Live pods (not yet DELETED) by uid, with their instance id. */
  readonly #pods = new Map<string, { name: string; instance: string | undefined; terminating: boolean }>();
  /** PVCs not yet DELETED by uid, and whether their delete was already judged. */
  readonly #pvcs = new Map<string, { deleting: boolean }>();
  /** Events received but not judged yet (they are judged in resourceVersion order when results are read). */
  #pending: ObservedEvent[] = [];
  #primed = false;
  #creates = 0;
  #deletes = 0;

  constructor(spec: InvariantSpec) {
    this.#spec = spec;
  }

  get violations(): readonly Violation[] {
    this.#flush();
    return this.#violations;
  }

  /** Objects present when watching began: they are the baseline, not creates. */
  prime(events: readonly ObservedEvent[]): void {
    for (const e of inResourceVersionOrder(events)) this.#judge(e, true);
    this.#primed = true;
  }

  get podCreates(): number {
    this.#flush();
    return this.#creates;
  }

  get podDeletes(): number {
    this.#flush();
    return this.#deletes;
  }

  /** The watches feeding the checker lost events (a resume refused): the run cannot vouch for anything. */
  eventsLost(detail: string): void {
    this.#violate('run-failed', -1, `the checker missed events: ${detail}`);
  }

  observe(e: ObservedEvent): void {
    this.#pending.push(e);
  }

  #flush(): void {
    const pending = this.#pending;
    this.#pending = [];
    for (const e of inResourceVersionOrder(pending)) this.#judge(e, false);
  }

  /** The last events of each instance id, for the detail of a violation. */
  readonly #history = new Map<string, string[]>();

  #judge(e: ObservedEvent, initial: boolean): void {
    const uid = e.object.metadata.uid ?? '';
    const name = e.object.metadata.name ?? '';
    const instance = e.object.metadata.labels?.[INSTANCE_ID_LABEL];
    if (instance !== undefined) {
      const h = this.#history.get(instance) ?? [];
      const deleting = e.object.metadata.deletionTimestamp !== undefined ? ' deleting' : '';
      h.push(
        `${e.kind === 'Pod' ? 'pod' : 'pvc'} ${name} ${uid.slice(0, 8)} ${e.type}${deleting} rv ${e.object.metadata.resourceVersion ?? '?'} at ${e.at}`,
      );
      if (h.length > 12) h.shift();
      this.#history.set(instance, h);
    }
    const counted = !initial && this.#primed;
    if (e.kind === 'PersistentVolumeClaim') {
      // A delete is the decision, seen first as a deletionTimestamp (the claim waits for its pods to go: the
      // PVC protection finalizer) or as DELETED. It is judged once, against the pods live at that point.
      const deleting = e.type === 'DELETED' || e.object.metadata.deletionTimestamp !== undefined;
      const known = this.#pvcs.get(uid);
      if (deleting && known?.deleting !== true) {
        if (counted && this.#spec.noPvcChurn) this.#violate('pvc-churn', e.at, `PVC ${name} deleted`);
        const user = [...this.#pods.values()].find(
          (p) => !p.terminating && p.instance !== undefined && p.instance === instance,
        );
        if (user !== undefined && !initial) {
          this.#violate(
            'pvc-deleted-in-use',
            e.at,
            `PVC ${name} deleted while pod ${user.name} (instance ${instance}) lives; its events: ${(this.#history.get(instance ?? '') ?? []).join('; ')}`,
          );
        }
      }
      if (e.type === 'DELETED') {
        this.#pvcs.delete(uid);
      } else if (known === undefined) {
        this.#pvcs.set(uid, { deleting });
        if (counted && e.type === 'ADDED' && this.#spec.noPvcChurn)
          this.#violate('pvc-churn', e.at, `PVC ${name} created`);
      } else {
        known.deleting ||= deleting;
      }
      return;
    }
    // A delete is the decision, seen first as a deletionTimestamp (graceful) or as DELETED; a pod already
    // terminating when watching began was deleted before: not counted.
    const terminating = e.type === 'DELETED' || e.object.metadata.deletionTimestamp !== undefined;
    if (terminating) {
      const known = this.#pods.get(uid);
      if (known !== undefined && !known.terminating) {
        known.terminating = true;
        if (counted) {
          this.#deletes++;
          if (this.#spec.noPodDeletes) this.#violate('pod-deleted', e.at, `pod ${name} deleted`);
          const alive = [...this.#pods.values()].filter((p) => !p.terminating).length;
          if (this.#spec.minPods !== undefined && alive < this.#spec.minPods) {
            this.#violate(
              'pod-deleted',
              e.at,
              `pod ${name} deleted leaving ${alive} of at least ${this.#spec.minPods}`,
            );
          }
        }
      }
      if (known === undefined && !initial) return;
      if (e.type === 'DELETED') {
        this.#pods.delete(uid);
        return;
      }
      if (known !== undefined) return;
    }
    if (this.#pods.has(uid)) return;
    if (counted) {
      this.#creates++;
      if (this.#spec.noPodCreates) this.#violate('pod-created', e.at, `pod ${name} created`);
    }
    if (instance !== undefined && !terminating) {
      const twin = [...this.#pods.values()].find((p) => p.instance === instance && !p.terminating);
      if (twin !== undefined) {
        this.#violate(
          'duplicate-instance',
          e.at,
          `pods ${twin.name} and ${name} share instance id ${instance}`,
        );
      }
    }
    this.#pods.set(uid, { name, instance, terminating });
    const alive = [...this.#pods.values()].filter((p) => !p.terminating).length;
    if (alive > this.#spec.maxPods) {
      this.#violate('too-many-pods', e.at, `${alive} pods alive, at most ${this.#spec.maxPods} allowed`);
    }
  }

  #violate(rule: Violation['rule'], at: number, detail: string): void {
    this.#violations.push({ rule, at, detail });
  }
}

/** Events sorted by resourceVersion (stable: equal or missing versions keep their arrival order). */
function inResourceVersionOrder(events: readonly ObservedEvent[]): ObservedEvent[] {
  const version = (e: ObservedEvent): bigint | undefined => {
    const rv = e.object.metadata.resourceVersion;
    return rv !== undefined && /^\d+$/.test(rv) ? BigInt(rv) : undefined;
  };
  return events
    .map((e, i) => ({ e, i, v: version(e) }))
    .sort((a, b) => {
      if (a.v !== undefined && b.v !== undefined && a.v !== b.v) return a.v < b.v ? -1 : 1;
      return a.i - b.i;
    })
    .map((x) => x.e);
}
