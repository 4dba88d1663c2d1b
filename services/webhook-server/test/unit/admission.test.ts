// Admission endpoints in-process: defaulting answers with an RFC 6902 patch, validation denies with 422 Invalid,
// the field path and what is allowed (docs/behaviour/cloneset.md#defaults, #validation, docs/behaviour/webhook-certificates.md#webhook-paths).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fastJsonPatch from 'fast-json-patch';
import { podReadinessGateMutator } from '../../src/admission/pod.ts';
import { servedKind } from '../../src/kinds.ts';
import { admissionReview, testApp } from '../support/app.ts';
import { fixtures } from '../support/fixtures.ts';

type Response = {
  response: {
    uid: string;
    allowed: boolean;
    patch?: string;
    patchType?: string;
    status?: {
      code: number;
      reason: string;
      message: string;
      details?: { causes: { field: string; reason: string }[] };
    };
  };
};

let harness: Awaited<ReturnType<typeof testApp>>;
before(async () => {
  harness = await testApp();
});
after(() => harness.app.fastify.close());

async function post(path: string, body: unknown) {
  const res = await harness.app.fastify.inject({ method: 'POST', url: path, payload: body as object });
  return { status: res.statusCode, body: res.json() as Response };
}

describe('mutating webhooks', () => {
  for (const f of fixtures) {
    for (const version of ['v1alpha1', 'v1beta1'] as const) {
      it(`${f.kind} ${version}: returns a JSON patch that yields the defaulted object`, async () => {
        const kind = servedKind(f.kind)!;
        const obj = f.valid('sample', version);
        const review = admissionReview(f.kind, version, 'CREATE', obj);
        const { status, body } = await post(kind.mutatingPath, review);
        assert.equal(status, 200);
        assert.equal(body.response.uid, review.request.uid);
        assert.equal(body.response.allowed, true);
        assert.equal(body.response.patchType, 'JSONPatch');
        const ops = JSON.parse(
          Buffer.from(body.response.patch!, 'base64').toString(),
        ) as fastJsonPatch.Operation[];
        const patched = fastJsonPatch.applyPatch(structuredClone(obj), ops).newDocument;
        assert.deepEqual(patched, JSON.parse(JSON.stringify(kind.defaults(obj, version, {}))));
        // Defaulting twice changes nothing: the second pass has no patch.
        const again = await post(kind.mutatingPath, admissionReview(f.kind, version, 'CREATE', patched));
        assert.equal(again.body.response.patch, undefined);
      });
    }
  }

  it('CloneSet defaults are Kruise’s: v1alpha1 ReCreate/20%, v1beta1 RollingUpdate + podUpdatePolicy ReCreate', async () => {
    const kind = servedKind('CloneSet')!;
    const alpha = kind.defaults(fixtures[0]!.valid('a', 'v1alpha1'), 'v1alpha1', {}) as {
      spec: Record<string, unknown>;
    };
    assert.deepEqual(alpha.spec.updateStrategy, {
      type: 'ReCreate',
      partition: 0,
      maxUnavailable: '20%',
      maxSurge: 0,
    });
    const beta = kind.defaults(fixtures[0]!.valid('b', 'v1beta1'), 'v1beta1', {}) as {
      spec: Record<string, unknown>;
    };
    assert.deepEqual(beta.spec.updateStrategy, {
      type: 'RollingUpdate',
      rollingUpdate: { podUpdatePolicy: 'ReCreate', partition: 0, maxUnavailable: '20%', maxSurge: 0 },
    });
  });

  it('on UPDATE without a template change, template defaults are not injected', async () => {
    const kind = servedKind('CloneSet')!;
    const obj = fixtures[0]!.valid('u', 'v1beta1');
    const { body } = await post(
      kind.mutatingPath,
      admissionReview('CloneSet', 'v1beta1', 'UPDATE', obj, obj),
    );
    const ops = JSON.parse(Buffer.from(body.response.patch!, 'base64').toString()) as { path: string }[];
    assert.ok(
      ops.every((op) => !op.path.startsWith('/spec/template')),
      JSON.stringify(ops),
    );
  });

  it('with KRUISE_TS_KRUISE_POD_READY_GATE the pod webhook gives a pod a Kruise kind controls the KruisePodReady gate', async () => {
    const gated = await testApp({ mutatePod: podReadinessGateMutator('kruise-controlled') });
    try {
      const pod = {
        metadata: {
          ownerReferences: [
            {
              apiVersion: 'apps.kruise.io/v1beta1',
              kind: 'CloneSet',
              name: 'web',
              uid: 'u',
              controller: true,
            },
          ],
        },
        spec: { containers: [{ name: 'c' }], readinessGates: [{ conditionType: 'InPlaceUpdateReady' }] },
      };
      const res = await gated.app.fastify.inject({
        method: 'POST',
        url: '/mutate-pod',
        payload: admissionReview('Pod', 'v1', 'CREATE', pod, undefined, '') as object,
      });
      const body = res.json() as { response: { allowed: boolean; patch?: string } };
      assert.equal(body.response.allowed, true);
      const ops = JSON.parse(Buffer.from(body.response.patch ?? '', 'base64').toString()) as unknown[];
      assert.deepEqual(ops, [
        { op: 'add', path: '/spec/readinessGates/1', value: { conditionType: 'KruisePodReady' } },
      ]);
    } finally {
      await gated.app.fastify.close();
    }
  });

  it('the pod webhook admits unchanged', async () => {
    const { status, body } = await post(
      '/mutate-pod',
      admissionReview('Pod', 'v1', 'CREATE', { metadata: {} }, undefined, ''),
    );
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body.response).sort(), ['allowed', 'uid']);
    assert.equal(body.response.allowed, true);
  });
});

describe('validating webhooks', () => {
  for (const f of fixtures) {
    for (const version of ['v1alpha1', 'v1beta1'] as const) {
      it(`${f.kind} ${version}: denies with 422 Invalid naming ${f.invalid.field}`, async () => {
        const kind = servedKind(f.kind)!;
        const input = f.valid('sample', version);
        // The apiserver fills in the namespace of a namespaced object before admission.
        if (f.namespaced) (input.metadata as Record<string, unknown>).namespace = 'default';
        const obj = kind.defaults(input, version, {}) as Record<string, unknown>;
        const ok = await post(kind.validatingPath, admissionReview(f.kind, version, 'CREATE', obj));
        assert.equal(ok.body.response.allowed, true, JSON.stringify(ok.body.response.status));
        f.invalid.edit(obj);
        const { status, body } = await post(
          kind.validatingPath,
          admissionReview(f.kind, version, 'CREATE', obj),
        );
        assert.equal(status, 200);
        assert.equal(body.response.allowed, false);
        assert.equal(body.response.status?.code, 422);
        assert.equal(body.response.status?.reason, 'Invalid');
        assert.match(body.response.status?.message ?? '', f.invalid.message);
        assert.ok(body.response.status?.details?.causes.some((c) => c.field === f.invalid.field));
      });
    }
  }

  it('a request for another kind on a kind’s path is a 400 denial, not a crash', async () => {
    const kind = servedKind('CloneSet')!;
    const { body } = await post(kind.validatingPath, admissionReview('StatefulSet', 'v1beta1', 'CREATE', {}));
    assert.equal(body.response.allowed, false);
    assert.equal(body.response.status?.code, 400);
  });

  it('an object without the shape of its kind is a 400 denial', async () => {
    const kind = servedKind('CloneSet')!;
    for (const path of [kind.mutatingPath, kind.validatingPath]) {
      const { status, body } = await post(
        path,
        admissionReview('CloneSet', 'v1beta1', 'CREATE', { metadata: 5 }),
      );
      assert.equal(status, 200);
      assert.equal(body.response.allowed, false, path);
    }
  });

  it('counts requests in controller-runtime’s metrics', async () => {
    const text = await harness.metricsText();
    assert.match(
      text,
      /controller_runtime_webhook_requests_total\{webhook="\/validate-apps-kruise-io-v1alpha1-cloneset",code="200"\} \d+/,
    );
    assert.match(
      text,
      /controller_runtime_webhook_latency_seconds_bucket\{le="0.001",webhook="\/mutate-pod"\}/,
    );
    assert.match(text, /controller_runtime_webhook_requests_in_flight\{webhook="\/mutate-pod"\} 0/);
  });
});
