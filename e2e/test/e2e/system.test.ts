// The whole system as `npm start` runs it (packages/launcher), on a cluster of its own because the webhook
// server registers cluster-wide admission webhooks. A user's view: the OpenKruise docs' CloneSet applied at
// v1alpha1 with kubectl, a SidecarSet injected into its pods, an image update rolled out — and that rollout
// found in Jaeger as one trace through watcher, cloneset-controller, apiserver and webhook-server. The scenarios
// live in support/system-scenarios.ts (the all-in-one and chart-mode suites run them too).
import { after, before, it } from 'node:test';
import { startWholeSystem, type WholeSystem } from '@kruise-ts/launcher/testing';
import {
  advancedCronJobRuns,
  advancedStatefulSetScales,
  broadcastJobCompletes,
  cloneSetRolloutWithSidecarSet,
} from './support/system-scenarios.ts';

let whole: WholeSystem | undefined;
const w = (): WholeSystem => {
  if (whole === undefined) throw new Error('the system did not start');
  return whole;
};

before(async () => {
  whole = await startWholeSystem();
});
after(async () => {
  await whole?.stop();
});

it('the docs CloneSet at v1alpha1 runs 3 pods; an image update rolls out with the SidecarSet injected, as one trace', async () => {
  await cloneSetRolloutWithSidecarSet(w().system, w().cluster);
});

it('the docs BroadcastJob at v1alpha1 runs once on every node and completes', async () => {
  await broadcastJobCompletes(w().system);
});

it('an AdvancedCronJob at v1alpha1 creates Jobs that complete, within its history limit', async () => {
  await advancedCronJobRuns(w().system);
});

it('the docs Advanced StatefulSet at v1alpha1 runs sample-0..2 and follows kubectl scale', async () => {
  await advancedStatefulSetScales(w().system);
});
