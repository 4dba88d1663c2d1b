// The app answers without fastify's schema compilers: Ajv and fast-json-stringify are never loaded, and a route
// declared with a schema is refused instead of running unchecked.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, it } from 'node:test';
import { testApp } from '../support/app.ts';

let harness: Awaited<ReturnType<typeof testApp>>;
before(async () => {
  harness = await testApp();
});
after(() => harness.app.fastify.close());

it('serves a review with neither Ajv nor the fast-json-stringify compiler loaded', async () => {
  const res = await harness.app.fastify.inject({ method: 'POST', url: '/mutate-pod', payload: {} });
  assert.ok(res.statusCode < 500, res.body);
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  assert.deepEqual(
    loaded.filter((path) => /node_modules[\\/](ajv[\\/]|fast-json-stringify[\\/]index\.js)/.test(path)),
    [],
  );
});

it('refuses a route with a JSON schema', async () => {
  const { app } = await testApp({ ready: false });
  try {
    app.fastify.post('/schema', { schema: { body: { type: 'object' } } }, async () => ({}));
    await assert.rejects(async () => {
      await app.fastify.ready();
    }, /take no JSON schemas/);
  } finally {
    await app.fastify.close().catch(() => {});
  }
});
