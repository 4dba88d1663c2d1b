// The set-up the bus e2e files share: a nats-server for the file (before/after hooks), a bus on its own prefix
// with its topology declared for each test, and the CloneSet object events they publish.
import { after, before } from 'node:test';
import {
  type Bus,
  ensureTopology,
  type ObjectEventInit,
  ObjectEventType,
  partitionOf,
} from '../src/index.ts';
import { natsForTests, type TestNats, testBus } from './support.ts';

/** The nats-server of this test file, started before its tests and stopped after them. */
export function natsPerFile(): { readonly url: string } {
  let nats: TestNats | undefined;
  before(async () => {
    nats = await natsForTests();
  });
  after(async () => {
    await nats?.stop();
  });
  return {
    get url(): string {
      if (nats === undefined) throw new Error('nats-server is not started yet (read its url inside a test)');
      return nats.url;
    },
  };
}

/** Runs each test on a fresh bus with its topology declared, removed after the test. */
export function busPerTest(nats: {
  readonly url: string;
}): (fn: (bus: Bus) => Promise<void>) => Promise<void> {
  return async (fn) => {
    const bus = await testBus(nats.url);
    try {
      await ensureTopology(bus);
      await fn(bus);
    } finally {
      await bus.dispose();
    }
  };
}

export const cloneSetKind = { group: 'apps.kruise.io', version: 'v1beta1', kind: 'CloneSet' };

/** A CloneSet's event at resourceVersion (and generation) `rv`: ADDED at 1, MODIFIED after. */
export function cloneSetEvent(
  namespace: string,
  name: string,
  rv: number,
  extra: Partial<ObjectEventInit> = {},
): ObjectEventInit {
  const object = {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    metadata: {
      namespace,
      name,
      uid: `uid-${namespace}-${name}`,
      resourceVersion: String(rv),
      generation: rv,
    },
  };
  return {
    kind: cloneSetKind,
    type: rv === 1 ? ObjectEventType.OBJECT_EVENT_TYPE_ADDED : ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED,
    namespace,
    name,
    uid: `uid-${namespace}-${name}`,
    resourceVersion: String(rv),
    generation: rv,
    labels: { app: name },
    object: new TextEncoder().encode(JSON.stringify(object)),
    ...extra,
  };
}

/** Namespaces that fall into the given partition (of 8), found by search so the test does not hard-code hashes. */
export function namespacesIn(partition: number, count: number, partitions = 8): string[] {
  const found: string[] = [];
  for (let i = 0; found.length < count && i < 10_000; i++) {
    if (partitionOf(`ns-${i}`, partitions) === partition) found.push(`ns-${i}`);
  }
  return found;
}
