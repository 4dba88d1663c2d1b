// The whole system as `npm start` runs it (packages/launcher), on a cluster of its own because the webhook
// server registers cluster-wide admission webhooks. A user's view: the OpenKruise docs' CloneSet applied at
// v1alpha1 with kubectl, a SidecarSet injected into its pods, an image update rolled out — and that rollout
// found in Jaeger as one trace through watcher, cloneset-controller, apiserver and webhook-server.
import { after, before, it } from 'node:test';
import { type Cluster, startCluster } from '@kruise-ts/devcluster';
import { type RunningSystem, startSystem } from '@kruise-ts/launcher';
import {
  advancedCronJobJobs,
  docsAdvancedStatefulSet,
  docsBroadcastJob,
  docsCloneSetRollout,
} from './support/scenarios.ts';

let cluster: Cluster | undefined;
let system: RunningSystem | undefined;

before(async () => {
  cluster = await startCluster();
  system = await startSystem(cluster);
});
after(async () => {
  await system?.stop();
  await cluster?.stop();
});

it('the docs CloneSet at v1alpha1 runs 3 pods; an image update rolls out with the SidecarSet injected, as one trace', async () => {
  await docsCloneSetRollout(system as RunningSystem, cluster as Cluster);
});

it('the docs BroadcastJob at v1alpha1 runs once on every node and completes', async () => {
  await docsBroadcastJob(system as RunningSystem);
});

it('an AdvancedCronJob at v1alpha1 creates Jobs that complete, within its history limit', async () => {
  await advancedCronJobJobs(system as RunningSystem);
});

it('the docs Advanced StatefulSet at v1alpha1 runs sample-0..2 and follows kubectl scale', async () => {
  await docsAdvancedStatefulSet(system as RunningSystem);
});
