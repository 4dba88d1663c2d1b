import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isNoResponders, retryWhileSettling } from '../../src/settling.ts';

test('isNoResponders looks through causes', () => {
  assert.equal(isNoResponders(new Error('jetstream is not enabled: no responders: $KV.x')), true);
  assert.equal(isNoResponders(new Error('put failed', { cause: new Error('503 no responders') })), true);
  assert.equal(isNoResponders(new Error('permissions violation')), false);
  assert.equal(isNoResponders('no responders'), false);
});

test('retries no-responders until the work succeeds, bounded; other errors at once', async () => {
  let calls = 0;
  const value = await retryWhileSettling(
    async () => {
      calls++;
      if (calls < 3) throw new Error('no responders');
      return 'ok';
    },
    { delayMs: 1 },
  );
  assert.deepEqual([value, calls], ['ok', 3]);

  calls = 0;
  await assert.rejects(
    retryWhileSettling(
      async () => {
        calls++;
        throw new Error('no responders');
      },
      { attempts: 4, delayMs: 1 },
    ),
    /no responders/,
  );
  assert.equal(calls, 4);

  calls = 0;
  await assert.rejects(
    retryWhileSettling(async () => {
      calls++;
      throw new Error('permissions violation');
    }),
    /permissions/,
  );
  assert.equal(calls, 1);
});
