// The controller as a service: health and metrics endpoints on loopback, two replicas splitting the partitions
// (each CloneSet reconciled by the replica owning its namespace's partition), and a SIGTERM that hands the
// partitions to the other replica and exits 0 while CloneSets keep converging.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { partitionOf } from '@kruise-ts/bus';
import { eventually } from '@kruise-ts/devcluster';
import { cloneSetObject, createCloneSet, patchCloneSet, waitForStatus } from './support/cloneset.ts';
import { type ControllerProcess, Harness, PARTITIONS } from './support/harness.ts';

const h = new Harness();
let survivor: ControllerProcess | undefined;

before(async () => {
  await h.start();
});
after(async () => {
  await h.stop();
});

async function metric(url: string, name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

describe('service', () => {
  it('serves /healthz, /readyz and /metrics on 127.0.0.1', async () => {
    const url = await (h.controller as ControllerProcess).url;
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal((await fetch(`${url}/healthz`)).status, 200);
    const ready = await fetch(`${url}/readyz?verbose`);
    assert.equal(ready.status, 200);
    assert.match(await ready.text(), /\[\+\]controller ok/);
    const ns = await h.namespace('metrics');
    await createCloneSet(h, cloneSetObject(ns, 'm', { replicas: 1 }));
    await waitForStatus(h, ns, 'm', { replicas: 1, readyReplicas: 1 });
    const text = await (await fetch(`${url}/metrics`)).text();
    for (const name of [
      'controller_runtime_reconcile_total',
      'workqueue_depth',
      'kruise_controller_partitions_owned',
      'cloneset_expectations_pending',
      'cloneset_expectation_leakage_total',
    ]) {
      assert.ok(text.includes(name), `${name} exported`);
    }
    assert.ok((await metric(url, 'controller_runtime_reconcile_total', { result: 'success' })) > 0);
    assert.equal(await metric(url, 'kruise_controller_partitions_owned'), PARTITIONS);
  });

  it('two replicas split the partitions; SIGTERM hands them over and exits 0; CloneSets keep converging', async () => {
    const first = h.controller as ControllerProcess;
    const second = h.startController('ctrl-b');
    survivor = second;
    const urls = [await first.url, await second.url];
    await eventually(
      'both replicas own partitions',
      async () => {
        const owned = await Promise.all(urls.map((u) => metric(u, 'kruise_controller_partitions_owned')));
        return owned.every((n) => n > 0) && owned[0]! + owned[1]! === PARTITIONS;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    // One namespace per partition, so both replicas have CloneSets to reconcile.
    const namespaces: string[] = [];
    for (let i = 0; namespaces.length < PARTITIONS && i < 200; i++) {
      const candidate = `${h.prefix}-split-${i}`;
      if (namespaces.some((n) => partitionOf(n, PARTITIONS) === partitionOf(candidate, PARTITIONS))) continue;
      await h.core.createNamespace({ body: { metadata: { name: candidate } } });
      h.namespaces.push(candidate);
      namespaces.push(candidate);
    }
    const before = await Promise.all(urls.map((u) => metric(u, 'controller_runtime_reconcile_total')));
    for (const ns of namespaces) await createCloneSet(h, cloneSetObject(ns, 'split', { replicas: 2 }));
    for (const ns of namespaces) await waitForStatus(h, ns, 'split', { replicas: 2, readyReplicas: 2 });
    const afterCreate = await Promise.all(urls.map((u) => metric(u, 'controller_runtime_reconcile_total')));
    assert.ok(afterCreate[0]! > before[0]! && afterCreate[1]! > before[1]!, 'both replicas reconciled');

    const stoppingAt = Date.now();
    first.child.kill('SIGTERM');
    assert.equal(await first.exited, 0, 'clean exit on SIGTERM');
    const exitedMs = Date.now() - stoppingAt;
    await eventually(
      'the survivor owns every partition',
      async () => (await metric(urls[1]!, 'kruise_controller_partitions_owned')) === PARTITIONS,
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const takeoverMs = Date.now() - stoppingAt;
    for (const ns of namespaces) await patchCloneSet(h, ns, 'split', { spec: { replicas: 3 } });
    for (const ns of namespaces) await waitForStatus(h, ns, 'split', { replicas: 3, readyReplicas: 3 });
    console.log(
      `SIGTERM: exited after ${exitedMs} ms, survivor owned all ${PARTITIONS} partitions after ${takeoverMs} ms`,
    );
  });

  it('a controller started after CloneSets exist reconciles them without any further change in the cluster', async () => {
    survivor?.child.kill('SIGKILL');
    await survivor?.exited;
    const ns = await h.namespace('late');
    await createCloneSet(h, cloneSetObject(ns, 'late', { replicas: 2 }));
    // Long enough for the watcher to publish it and for the dead replica's leases to expire.
    await new Promise((r) => setTimeout(r, 4000));
    const startedAt = Date.now();
    await h.startController('ctrl-late').url;
    await waitForStatus(h, ns, 'late', { replicas: 2, readyReplicas: 2, converged: true }, 30_000);
    console.log(
      `late start: CloneSet ready ${Date.now() - startedAt} ms after the controller process started`,
    );
  });
});
