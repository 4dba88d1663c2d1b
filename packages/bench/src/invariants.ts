// The pod watcher's bookkeeping, kept free of I/O so it can be table-tested: the live pods of the workload by
// name, the ceiling of the running phase (replicas + maxSurge), every time the ceiling was crossed, and the
// final-count check at the end of a phase. Terminating pods do not count toward the ceiling: both Kruise
// (pkg/controller/cloneset/sync/cloneset_scale.go counts only active pods) and kruise-ts let a deleted pod
// linger until the kubelet (here kwok) removes it.

export type PodEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface PodView {
  name: string;
  terminating: boolean;
  /** Image of the first container. */
  image: string;
}

export interface PhaseLimit {
  phase: string;
  /** replicas + maxSurge while the phase runs. */
  max: number;
}

export class PodInvariants {
  readonly pods = new Map<string, PodView>();
  readonly violations: string[] = [];
  private limit: PhaseLimit | undefined;
  private peakActive = 0;
  /** Violations are reported once per phase, with the highest count seen. */
  private overCeiling = new Map<string, number>();

  setLimit(limit: PhaseLimit): void {
    this.limit = limit;
    this.peakActive = this.activeCount();
  }

  /** The most active pods seen since the last setLimit. */
  get peak(): number {
    return this.peakActive;
  }

  activeCount(): number {
    let n = 0;
    for (const p of this.pods.values()) if (!p.terminating) n++;
    return n;
  }

  observe(type: PodEventType, pod: PodView): void {
    if (type === 'DELETED') this.pods.delete(pod.name);
    else this.pods.set(pod.name, pod);
    const active = this.activeCount();
    if (active > this.peakActive) this.peakActive = active;
    const limit = this.limit;
    if (limit !== undefined && active > limit.max) {
      const seen = this.overCeiling.get(limit.phase);
      if (seen === undefined)
        this.violations.push(
          `${limit.phase}: ${active} active pods, above replicas + maxSurge = ${limit.max}`,
        );
      if (seen === undefined || active > seen) this.overCeiling.set(limit.phase, active);
    }
  }

  /** Pods in phase `phase` after convergence: exactly `replicas` active, all on `image`, none terminating. */
  checkFinal(phase: string, replicas: number, image: string): string[] {
    const found = checkFinalPods([...this.pods.values()], phase, replicas, image);
    this.violations.push(...found);
    return found;
  }
}

export function checkFinalPods(
  pods: readonly PodView[],
  phase: string,
  replicas: number,
  image: string,
): string[] {
  const out: string[] = [];
  const active = pods.filter((p) => !p.terminating);
  if (active.length !== replicas)
    out.push(`${phase}: ${active.length} active pods at the end, want ${replicas}`);
  const stale = active.filter((p) => p.image !== image).length;
  if (stale > 0) out.push(`${phase}: ${stale} pods not on ${image} at the end`);
  return out;
}
