// Fuzzed request bodies: every answer is a 4xx or an in-band denial/failure, never a 5xx, a crash or a hang.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { servedKinds } from '../../src/kinds.ts';
import { testApp } from '../support/app.ts';
import { malformedBodies } from '../support/fuzz.ts';

let harness: Awaited<ReturnType<typeof testApp>>;
before(async () => {
  harness = await testApp();
});
after(() => harness.app.fastify.close());

const paths = ['/convert', '/mutate-pod', ...servedKinds.flatMap((k) => [k.mutatingPath, k.validatingPath])];

describe('malformed bodies', () => {
  it('400 elements of fuzz across every endpoint get 4xx or a denial', async () => {
    let i = 0;
    for (const body of malformedBodies(400, 7)) {
      const url = paths[i++ % paths.length]!;
      const res = await harness.app.fastify.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { 'content-type': body.contentType },
      });
      assert.ok(
        res.statusCode < 500,
        `${url} answered ${res.statusCode} to ${body.payload.slice(0, 200)}: ${res.body}`,
      );
      if (res.statusCode === 200) {
        const answer = res.json() as { response?: { allowed?: boolean; result?: { status: string } } };
        assert.ok(answer.response !== undefined, `${url}: 200 without a response`);
      } else {
        assert.ok(res.statusCode >= 400, `${url}: ${res.statusCode}`);
      }
    }
  });
});
