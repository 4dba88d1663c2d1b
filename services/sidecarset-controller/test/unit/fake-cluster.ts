// An in-memory cluster for reconcile tests: the view the reconcile reads (a cache that may lag), the writer it
// writes through (applied at once to the "apiserver" state, with resourceVersions), and a fake kubelet that
// finishes in-place upgrades one pod at a time.
import type { SidecarSetStatus } from '@kruise-ts/api';
import type { ControllerRevision, ResourceVersionExpectations } from '@kruise-ts/core';
import {
  isPodManagedBySidecarSet,
  type Pod,
  type PodCondition,
  SIDECARSET_NAME_LABEL,
  type SidecarSet,
} from '@kruise-ts/sidecarset';
import fastJsonPatch from 'fast-json-patch';
import type { ReconcileDeps } from '../../src/reconciler.ts';

export class FakeCluster {
  sidecarSet: SidecarSet;
  /** What the apiserver holds. */
  pods = new Map<string, Pod>();
  revisions = new Map<string, ControllerRevision>();
  /** What the cache shows; `sync()` catches it up. */
  cachedPods = new Map<string, Pod>();
  podWrites = 0;
  statusWrites = 0;
  /** Events recorded on the SidecarSet, as `type reason: message`. */
  events: string[] = [];
  #rv = 100;

  constructor(sidecarSet: SidecarSet) {
    this.sidecarSet = sidecarSet;
  }

  nextRv(): string {
    return String(++this.#rv);
  }

  addPod(pod: Pod): void {
    pod.metadata.resourceVersion = this.nextRv();
    this.pods.set(pod.metadata.name ?? '', pod);
  }

  sync(): void {
    this.cachedPods = new Map([...this.pods].map(([k, v]) => [k, structuredClone(v)]));
  }

  /** The kubelet restarts up to `n` containers whose image changed: new image, new imageID. */
  kubelet(n = Number.POSITIVE_INFINITY): number {
    let done = 0;
    for (const pod of this.pods.values()) {
      if (done >= n) break;
      let changed = false;
      for (const c of pod.spec.containers) {
        const s = pod.status?.containerStatuses?.find((x) => x.name === c.name);
        if (s && s.image !== c.image) {
          s.image = c.image ?? '';
          s.imageID = `id-${c.image}`;
          s.restartCount = (s.restartCount ?? 0) + 1;
          changed = true;
        }
      }
      if (changed) {
        pod.metadata.resourceVersion = this.nextRv();
        done++;
      }
    }
    return done;
  }

  /** `versions` gets the writes, as the real writer records them. */
  deps(versions: ResourceVersionExpectations): Omit<ReconcileDeps, 'versions' | 'overlay'> {
    return {
      revisionNamespace: 'kruise-system',
      now: () => new Date('2026-07-01T12:00:00Z'),
      view: {
        sidecarSet: (name) => (name === this.sidecarSet.metadata?.name ? this.sidecarSet : undefined),
        matchingPods: (s) => [...this.cachedPods.values()].filter((p) => isPodManagedBySidecarSet(p, s, {})),
        revisions: (name) =>
          [...this.revisions.values()].filter((r) => r.metadata.labels?.[SIDECARSET_NAME_LABEL] === name),
      },
      writer: {
        updatePod: async (pod: Pod, mutate: (fresh: Pod) => Pod | undefined) => {
          const live = this.pods.get(pod.metadata.name ?? '') as Pod;
          if (live.metadata.resourceVersion !== pod.metadata.resourceVersion)
            throw new Error('conflict (test)');
          const next = mutate(structuredClone(live));
          if (next === undefined) return undefined;
          if (fastJsonPatch.compare(live, next).length === 0) return live;
          next.metadata.resourceVersion = this.nextRv();
          this.pods.set(pod.metadata.name ?? '', next);
          this.podWrites++;
          versions.expect(next);
          return structuredClone(next);
        },
        patchPodCondition: async (pod: Pod, condition: PodCondition) => {
          const live = this.pods.get(pod.metadata.name ?? '') as Pod;
          live.status ??= {};
          live.status.conditions = [
            ...(live.status.conditions ?? []).filter((c) => c.type !== condition.type),
            condition,
          ];
          live.metadata.resourceVersion = this.nextRv();
          versions.expect(live);
          return structuredClone(live);
        },
        writeStatus: async (_name: string, status: Required<SidecarSetStatus>) => {
          this.statusWrites++;
          this.sidecarSet = { ...this.sidecarSet, status };
        },
        createRevision: async (r: ControllerRevision) => {
          const created = {
            ...structuredClone(r),
            metadata: { ...r.metadata, resourceVersion: this.nextRv() },
          };
          this.revisions.set(r.metadata.name ?? '', created);
          return created;
        },
        readRevision: async (_ns: string, name: string) => this.revisions.get(name) as ControllerRevision,
        patchRevision: async (_ns: string, name: string, body: object) => {
          const patched = structuredClone(this.revisions.get(name) as ControllerRevision);
          const { revision } = body as { revision?: number };
          if (revision !== undefined) patched.revision = revision;
          patched.metadata.resourceVersion = this.nextRv();
          this.revisions.set(name, patched);
          return patched;
        },
        deleteRevision: async (_ns: string, revision: ControllerRevision) => {
          const name = revision.metadata.name ?? '';
          // As the apiserver's uid and resourceVersion preconditions: only the revision decided on goes.
          const stored = this.revisions.get(name);
          if (stored === undefined || stored.metadata.uid !== revision.metadata.uid) return false;
          if (stored.metadata.resourceVersion !== revision.metadata.resourceVersion) return false;
          return this.revisions.delete(name);
        },
        recordEvent: (_s: SidecarSet, type: string, reason: string, message: string) => {
          this.events.push(`${type} ${reason}: ${message}`);
        },
        recordPodEvent: (p: Pod, type: string, reason: string, message: string) => {
          this.events.push(`${p.metadata.name} ${type} ${reason}: ${message}`);
        },
        flushEvents: async () => {},
      },
    };
  }
}

const imageIdOf = (image: string) => `id-${image}`;

/** A running, ready pod with the SidecarSet injected at `hash` (image `sidecarImage`). */
export function injectedPod(
  name: string,
  sidecarSetName: string,
  hash: string,
  withoutImage: string,
  sidecarImage: string,
): Pod {
  const spec = (h: string) =>
    JSON.stringify({
      [sidecarSetName]: { updateTimestamp: '', hash: h, sidecarSetName, sidecarList: ['sidecar'] },
    });
  return {
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      labels: { app: 'x' },
      creationTimestamp: '2026-07-01T00:00:00Z',
      annotations: {
        'kruise.io/sidecarset-injected-list': sidecarSetName,
        'kruise.io/sidecarset-hash': spec(hash),
        'kruise.io/sidecarset-hash-without-image': spec(withoutImage),
      },
    },
    spec: {
      nodeName: 'node',
      containers: [
        { name: 'sidecar', image: sidecarImage },
        { name: 'app', image: 'nginx' },
      ],
    },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-07-01T00:00:00Z' }],
      containerStatuses: [
        {
          name: 'sidecar',
          image: sidecarImage,
          imageID: imageIdOf(sidecarImage),
          ready: true,
          restartCount: 0,
        },
        { name: 'app', image: 'nginx', imageID: 'id-nginx', ready: true, restartCount: 0 },
      ],
    },
  };
}
