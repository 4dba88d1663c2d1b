// Scoping and failure policy with the webhook server unreachable: pods outside the pod webhook's scope (opted-out
// or unlabelled namespaces) are created whatever the policy; pods inside it fail with Fail and are created with
// Ignore.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, freePort } from '@kruise-ts/devcluster';
import { type E2eEnv, startE2eEnv, statusOf } from '../support/env.ts';

let env: E2eEnv;
let inScope: string;
let optedOut: string;
let outOfScope: string;
let deadPort: number;
before(async () => {
  env = await startE2eEnv();
  inScope = await env.namespace();
  optedOut = await env.namespace({ labels: { 'kruise.io/pod-webhook': 'disabled' } });
  outOfScope = await env.namespace({ inScope: false });
  deadPort = await freePort();
});
after(() => env?.cleanup());

const pod = (name: string) => ({
  metadata: { name },
  spec: { containers: [{ name: 'main', image: 'busybox:1.36' }] },
});

describe('pod webhook scope and failure policy', () => {
  it('with the server up, a pod in scope is admitted (unchanged)', async () => {
    const created = await env.core.createNamespacedPod({ namespace: inScope, body: pod('up') });
    assert.equal(created.spec?.containers.length, 1);
  });

  it('server down, failurePolicy Fail: pods outside the scope are still created; inside they are refused', async () => {
    await env.register({ port: deadPort, failurePolicy: { 'mpod.kb.io': 'Fail' } });
    await env.core.createNamespacedPod({ namespace: optedOut, body: pod('opted-out') });
    await env.core.createNamespacedPod({ namespace: outOfScope, body: pod('out-of-scope') });
    await env.core.createNamespacedPod({
      namespace: inScope,
      body: {
        ...pod('pod-opted-out'),
        metadata: { name: 'pod-opted-out', labels: { 'kruise.io/pod-webhook': 'disabled' } },
      },
    });
    // The apiserver picks up configuration changes asynchronously: retry (new names) until it refuses.
    let attempt = 0;
    const message = await eventually('a refusal', async () => {
      try {
        await env.core.createNamespacedPod({ namespace: inScope, body: pod(`refused-${attempt++}`) });
        return undefined;
      } catch (err) {
        return statusOf(err).message ?? String(err);
      }
    });
    assert.match(message, /failed calling webhook "mpod\.kb\.io"/);
  });

  it('server down, failurePolicy Ignore: pods inside the scope are created too', async () => {
    await env.register({ port: deadPort, failurePolicy: { 'mpod.kb.io': 'Ignore' } });
    let attempt = 0;
    const created = await eventually('a pod admitted despite the dead webhook', () =>
      env.core.createNamespacedPod({ namespace: inScope, body: pod(`ignored-${attempt++}`) }),
    );
    assert.match(created.metadata?.name ?? '', /^ignored-/);
  });
});
