// Container launch priority: Kruise's cases (pkg/util/containerlaunchpriority/container_launch_priority_test.go,
// pkg/webhook/pod/mutating/container_launch_priority_initialization_test.go,
// pkg/controller/containerlaunchpriority/container_launch_priority_controller_test.go) plus naming, Atoi edges and
// bad values with their field paths.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONTAINER_LAUNCH_BARRIER_ENV,
  CONTAINER_LAUNCH_ORDERED,
  CONTAINER_LAUNCH_PRIORITY_ANNOTATION,
  CONTAINER_LAUNCH_PRIORITY_COMPLETED_ANNOTATION,
  CONTAINER_LAUNCH_PRIORITY_ENV,
  ContainerLaunchPriorityError,
  containerLaunchPriority,
  generatedPodName,
  launchBarrierEnv,
  launchBarrierKey,
  launchBarrierName,
  launchBarrierNeeded,
  launchBarrierStep,
  nextLaunchPriorities,
  withContainerLaunchPriority,
} from '../../src/container-launch-priority.ts';
import type { Container, Pod } from '../../src/kube-types.ts';

type EnvVar = NonNullable<Container['env']>[number];

describe('names (apis/apps/pub/launch_priority.go)', () => {
  it('env names, annotation keys and value', () => {
    assert.equal(CONTAINER_LAUNCH_PRIORITY_ENV, 'KRUISE_CONTAINER_PRIORITY');
    assert.equal(CONTAINER_LAUNCH_BARRIER_ENV, 'KRUISE_CONTAINER_BARRIER');
    assert.equal(CONTAINER_LAUNCH_PRIORITY_ANNOTATION, 'apps.kruise.io/container-launch-priority');
    assert.equal(CONTAINER_LAUNCH_ORDERED, 'Ordered');
    assert.equal(
      CONTAINER_LAUNCH_PRIORITY_COMPLETED_ANNOTATION,
      'apps.kruise.io/container-launch-priority-completed',
    );
  });
});

describe('launchBarrierKey (GetKey)', () => {
  const cases: ReadonlyArray<readonly [number, string]> = [
    [5, 'p_5'],
    [-3, 'p_-3'],
    [0, 'p_0'],
    [-0, 'p_0'],
    [2147483647, 'p_2147483647'],
    [-2147483647, 'p_-2147483647'],
  ];
  for (const [priority, want] of cases)
    it(`${priority} → ${want}`, () => assert.equal(launchBarrierKey(priority), want));
});

describe('launchBarrierEnv (GeneratePriorityEnv)', () => {
  const cases: ReadonlyArray<readonly [number, string, string, string]> = [
    [3, 'test-pod', 'test-pod-barrier', 'p_3'],
    [-1, 'my-app-deployment-abc123', 'my-app-deployment-abc123-barrier', 'p_-1'],
    [0, 'zero-pod', 'zero-pod-barrier', 'p_0'],
    [1, '', '-barrier', 'p_1'],
  ];
  for (const [priority, podName, name, key] of cases) {
    it(`${priority} for ${JSON.stringify(podName)}`, () => {
      assert.equal(launchBarrierName(podName), name);
      const env = launchBarrierEnv(priority, podName);
      assert.deepEqual(env, {
        name: 'KRUISE_CONTAINER_BARRIER',
        valueFrom: { configMapKeyRef: { name, key } },
      });
      // The JSON Go's EnvVar marshals to, member order included.
      assert.equal(
        JSON.stringify(env),
        `{"name":"KRUISE_CONTAINER_BARRIER","valueFrom":{"configMapKeyRef":{"name":"${name}","key":"${key}"}}}`,
      );
    });
  }
});

const barrierEnvWithKey = (key: string): EnvVar => ({
  name: CONTAINER_LAUNCH_BARRIER_ENV,
  valueFrom: { configMapKeyRef: { key } },
});

describe('containerLaunchPriority (GetContainerPriority)', () => {
  const cases: ReadonlyArray<readonly [string, EnvVar[] | undefined, number | undefined]> = [
    ['a valid priority', [barrierEnvWithKey('p_5')], 5],
    ['a negative priority', [barrierEnvWithKey('p_-3')], -3],
    ['priority zero', [barrierEnvWithKey('p_0')], 0],
    ['no barrier env', [{ name: 'OTHER_ENV', value: 'some-value' }], undefined],
    ['no env at all', undefined, undefined],
    [
      'the barrier among other envs',
      [
        { name: 'FIRST_ENV', value: 'value1' },
        barrierEnvWithKey('p_10'),
        { name: 'LAST_ENV', value: 'value2' },
      ],
      10,
    ],
    ['the first barrier env counts', [barrierEnvWithKey('p_7'), barrierEnvWithKey('p_9')], 7],
    // Kruise reads after the first two characters whatever they are.
    ['another prefix', [barrierEnvWithKey('x_5')], 5],
    ['not a number: 0, as Go ignores the parse error', [barrierEnvWithKey('p_abc')], 0],
    ['a large priority', [barrierEnvWithKey('p_2147483647')], 2147483647],
    // Go panics on these two; here they read as 0.
    ['a key too short', [barrierEnvWithKey('p')], 0],
    ['a barrier env without valueFrom', [{ name: CONTAINER_LAUNCH_BARRIER_ENV, value: 'direct-value' }], 0],
  ];
  for (const [name, env, want] of cases) {
    it(name, () => assert.equal(containerLaunchPriority({ ...(env === undefined ? {} : { env }) }), want));
  }

  for (const [priority, podName] of [
    [42, 'test-pod'],
    [-15, 'negative-pod'],
    [0, 'zero-pod'],
    [2147483647, 'max-pod'],
    [-2147483647, 'min-pod'],
  ] as const) {
    it(`round trip ${priority}`, () =>
      assert.equal(containerLaunchPriority({ env: [launchBarrierEnv(priority, podName)] }), priority));
  }
});

describe('generatedPodName (SimpleNameGenerator)', () => {
  it('appends five characters of the vowel-free alphabet, chosen by randomInt(27)', () => {
    const asked: number[] = [];
    let i = 0;
    const name = generatedPodName('web-', (max) => {
      asked.push(max);
      return [0, 26, 1, 9, 18][i++] ?? 0;
    });
    assert.equal(name, 'web-b9cmx');
    assert.deepEqual(asked, [27, 27, 27, 27, 27]);
  });
  it('cuts the base to 58 characters, so the name fits 63', () => {
    const name = generatedPodName('a'.repeat(70), () => 3);
    assert.equal(name, `${'a'.repeat(58)}fffff`);
    assert.equal(name.length, 63);
  });
  it('Math.random by default', () => {
    for (let n = 0; n < 20; n++) assert.match(generatedPodName('x-'), /^x-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });
});

const pod = (containers: Container[], metadata: Pod['metadata'] = { name: 'fake' }): Pod => ({
  metadata,
  spec: { containers },
});
const withPriority = (name: string, value: string, extra: EnvVar[] = []): Container => ({
  name,
  env: [...extra, { name: CONTAINER_LAUNCH_PRIORITY_ENV, value }],
});
const ordered = {
  name: 'fake',
  annotations: { [CONTAINER_LAUNCH_PRIORITY_ANNOTATION]: CONTAINER_LAUNCH_ORDERED },
};
/** The barrier keys per container of the mutated pod, undefined when the pod is left as is. */
const keys = (p: Pod | undefined): (number | undefined)[] | undefined =>
  p?.spec?.containers?.map((c) => containerLaunchPriority(c));

describe('withContainerLaunchPriority (containerLaunchPriorityInitialization)', () => {
  it('two containers without annotation or priorities: unchanged', () => {
    assert.equal(withContainerLaunchPriority(pod([{ name: 'a' }, { name: 'b' }])), undefined);
  });

  it('Ordered: 0, -1, -2 by index, each container gets the barrier env', () => {
    const out = withContainerLaunchPriority(pod([{ name: 'a' }, { name: 'b' }, { name: 'c' }], ordered));
    assert.deepEqual(out?.spec?.containers, [
      { name: 'a', env: [launchBarrierEnv(0, 'fake')] },
      { name: 'b', env: [launchBarrierEnv(-1, 'fake')] },
      { name: 'c', env: [launchBarrierEnv(-2, 'fake')] },
    ]);
    assert.equal(
      JSON.stringify(out?.spec?.containers?.[0]?.env),
      '[{"name":"KRUISE_CONTAINER_BARRIER","valueFrom":{"configMapKeyRef":{"name":"fake-barrier","key":"p_0"}}}]',
    );
  });

  it('Ordered wins over the containers’ own priorities (which are not even parsed)', () => {
    const out = withContainerLaunchPriority(pod([withPriority('a', 'abc'), withPriority('b', '9')], ordered));
    assert.deepEqual(keys(out), [0, -1]);
  });

  it('an annotation value other than Ordered is ignored', () => {
    const metadata = { name: 'fake', annotations: { [CONTAINER_LAUNCH_PRIORITY_ANNOTATION]: 'ordered' } };
    assert.equal(withContainerLaunchPriority(pod([{ name: 'a' }, { name: 'b' }], metadata)), undefined);
  });

  it('a single container is left alone, even Ordered or with a priority', () => {
    assert.equal(withContainerLaunchPriority(pod([{ name: 'a' }], ordered)), undefined);
    assert.equal(withContainerLaunchPriority(pod([withPriority('a', '5')])), undefined);
  });

  const envCases: ReadonlyArray<readonly [string, Container[], (number | undefined)[] | undefined]> = [
    ['priorities that differ', [withPriority('a', '3'), withPriority('b', '5'), { name: 'c' }], [3, 5, 0]],
    ['a container without the env counts as 0', [{ name: 'a' }, withPriority('b', '-2')], [0, -2]],
    ['all 0: unchanged', [withPriority('a', '0'), withPriority('b', '0')], undefined],
    ['all equal and not 0: unchanged', [withPriority('a', '7'), withPriority('b', '7')], undefined],
    ['0 given explicitly next to none: unchanged', [withPriority('a', '0'), { name: 'b' }], undefined],
    // strconv.Atoi: an optional sign, leading zeros, "-0".
    ['"+5" is 5', [withPriority('a', '+5'), { name: 'b' }], [5, 0]],
    ['"007" is 7', [withPriority('a', '007'), { name: 'b' }], [7, 0]],
    ['"-0" is 0', [withPriority('a', '-0'), withPriority('b', '0')], undefined],
    ['"-0" next to a priority gives p_0', [withPriority('a', '-0'), withPriority('b', '1')], [0, 1]],
    [
      'the last entry of a container wins',
      [withPriority('a', '4', [{ name: CONTAINER_LAUNCH_PRIORITY_ENV, value: '1' }]), { name: 'b' }],
      [4, 0],
    ],
    [
      'a safe integer at the edge',
      [withPriority('a', '9007199254740991'), { name: 'b' }],
      [9007199254740991, 0],
    ],
  ];
  for (const [name, containers, want] of envCases) {
    it(name, () => assert.deepEqual(keys(withContainerLaunchPriority(pod(containers))), want));
  }

  it('appends after the container’s own env', () => {
    const out = withContainerLaunchPriority(
      pod([withPriority('a', '1', [{ name: 'X', value: 'y' }]), { name: 'b' }]),
    );
    assert.deepEqual(out?.spec?.containers?.[0]?.env, [
      { name: 'X', value: 'y' },
      { name: CONTAINER_LAUNCH_PRIORITY_ENV, value: '1' },
      launchBarrierEnv(1, 'fake'),
    ]);
  });

  it('a pod with only generateName is named first; the barrier carries that name', () => {
    const out = withContainerLaunchPriority(
      pod([{ name: 'a' }, { name: 'b' }], { generateName: 'web-', annotations: ordered.annotations }),
      () => 0,
    );
    assert.equal(out?.metadata.name, 'web-bbbbb');
    assert.equal(out?.metadata.generateName, 'web-');
    assert.deepEqual(out?.spec?.containers?.[1]?.env, [launchBarrierEnv(-1, 'web-bbbbb')]);
  });

  it('a long generateName: the generated name is 63 characters', () => {
    const out = withContainerLaunchPriority(
      pod([withPriority('a', '1'), { name: 'b' }], { generateName: `${'g'.repeat(62)}-` }),
      () => 26,
    );
    assert.equal(out?.metadata.name, `${'g'.repeat(58)}99999`);
  });

  it('a name wins over generateName; a pod left alone is not named', () => {
    const named = withContainerLaunchPriority(
      pod([{ name: 'a' }, { name: 'b' }], { ...ordered, generateName: 'x-' }),
    );
    assert.equal(named?.metadata.name, 'fake');
    let called = false;
    const random = () => {
      called = true;
      return 0;
    };
    assert.equal(
      withContainerLaunchPriority(pod([{ name: 'a' }, { name: 'b' }], { generateName: 'x-' }), random),
      undefined,
    );
    assert.equal(called, false);
  });

  it('does not change its input and shares what it does not change', () => {
    const input: Pod = {
      metadata: { name: 'fake', labels: { app: 'x' }, annotations: { ...ordered.annotations } },
      spec: {
        containers: [
          { name: 'a', image: 'a:1', env: [{ name: 'E', value: '1' }] },
          { name: 'b', image: 'b:1' },
        ],
        volumes: [{ name: 'v', emptyDir: {} }],
      },
      status: { phase: 'Pending' },
    };
    const before = structuredClone(input);
    const out = withContainerLaunchPriority(input);
    assert.deepEqual(input, before);
    assert.ok(out !== undefined && out !== input);
    assert.equal(out.metadata, input.metadata);
    assert.equal(out.status, input.status);
    assert.equal(out.spec?.volumes, input.spec?.volumes);
    assert.notEqual(out.spec?.containers?.[0]?.env, input.spec?.containers?.[0]?.env);
  });

  it('does not change the input metadata when naming', () => {
    const input = pod([{ name: 'a' }, { name: 'b' }], {
      generateName: 'w-',
      annotations: ordered.annotations,
    });
    const out = withContainerLaunchPriority(input, () => 0);
    assert.equal(input.metadata.name, undefined);
    assert.equal(out?.metadata.name, 'w-bbbbb');
  });

  const bad: ReadonlyArray<readonly [string, string]> = [
    ['abc', 'is not an integer'],
    ['', 'is not an integer'],
    [' 5', 'is not an integer'],
    ['5 ', 'is not an integer'],
    ['+', 'is not an integer'],
    ['-', 'is not an integer'],
    ['+-1', 'is not an integer'],
    ['1.5', 'is not an integer'],
    ['1e3', 'is not an integer'],
    ['0x10', 'is not an integer'],
    ['1_000', 'is not an integer'],
    ['٣', 'is not an integer'],
    ['9223372036854775808', 'is out of the integer range'],
    ['-9223372036854775809', 'is out of the integer range'],
    // Within Go's int64, not a JS safe integer: refused here (Kruise would take it).
    ['9007199254740992', 'is out of the supported range'],
    ['-9223372036854775808', 'is out of the supported range'],
  ];
  for (const [value, why] of bad) {
    it(`${JSON.stringify(value)} is refused naming its field`, () => {
      const containers = [withPriority('a', '1'), withPriority('b', value, [{ name: 'OTHER', value: 'x' }])];
      assert.throws(
        () => withContainerLaunchPriority(pod(containers)),
        (err: unknown) =>
          err instanceof ContainerLaunchPriorityError &&
          err.name === 'ContainerLaunchPriorityError' &&
          err.message ===
            `spec.containers[1].env[1].value: ${JSON.stringify(value)} ${why}${
              why === 'is out of the supported range' ? ` (±${Number.MAX_SAFE_INTEGER})` : ''
            }`,
      );
    });
  }

  it('a priority env set from valueFrom has no value: refused, as Atoi("") is', () => {
    const containers: Container[] = [
      {
        name: 'a',
        env: [{ name: CONTAINER_LAUNCH_PRIORITY_ENV, valueFrom: { fieldRef: { fieldPath: 'x' } } }],
      },
      { name: 'b' },
    ];
    assert.throws(() => withContainerLaunchPriority(pod(containers)), {
      name: 'ContainerLaunchPriorityError',
      message: 'spec.containers[0].env[0].value: "" is not an integer',
    });
  });

  it('the first bad value in container order is the one named', () => {
    const containers = [withPriority('a', '1'), withPriority('b', 'x'), withPriority('c', 'y')];
    assert.throws(() => withContainerLaunchPriority(pod(containers)), {
      message: 'spec.containers[1].env[0].value: "x" is not an integer',
    });
  });
});

const FAKE = 'fake-pod';
/** Kruise's controller test pod: containers a..f, priorities 3, 5, 0, none, -1 and `f`. */
const controllerPod = (
  f: number,
  ready: Record<string, boolean>,
  extra: { annotations?: Record<string, string>; containersReady?: string } = {},
): Pod => ({
  metadata: {
    namespace: 'default',
    name: FAKE,
    ...(extra.annotations ? { annotations: extra.annotations } : {}),
  },
  spec: {
    containers: [
      { name: 'a', env: [launchBarrierEnv(3, FAKE)] },
      { name: 'b', env: [launchBarrierEnv(5, FAKE)] },
      { name: 'c', env: [launchBarrierEnv(0, FAKE)] },
      { name: 'd' },
      { name: 'e', env: [launchBarrierEnv(-1, FAKE)] },
      { name: 'f', env: [launchBarrierEnv(f, FAKE)] },
    ],
  },
  status: {
    ...(extra.containersReady
      ? { conditions: [{ type: 'ContainersReady', status: extra.containersReady }] }
      : {}),
    containerStatuses: Object.entries(ready).map(([name, r]) => ({ name, ready: r, image: '', imageID: '' })),
  },
});
const barrier = (...priorities: number[]): Record<string, string> =>
  Object.fromEntries(priorities.map((p) => [launchBarrierKey(p), 'true']));

describe('nextLaunchPriorities (findNextPriorities)', () => {
  const cases: ReadonlyArray<readonly [string, Pod, number[]]> = [
    ['b ready', controllerPod(4, { a: false, b: true }), [-1, 0, 3, 4]],
    ['b and f ready', controllerPod(3, { a: false, b: true, f: true }), [-1, 0, 3]],
    ['no status: every container with a barrier, duplicates kept', controllerPod(3, {}), [-1, 0, 3, 3, 5]],
    ['no barrier envs', pod([{ name: 'a' }, { name: 'b' }]), []],
    ['no spec', { metadata: { name: 'x' } }, []],
  ];
  for (const [name, p, want] of cases) it(name, () => assert.deepEqual(nextLaunchPriorities(p), want));
  it('sorts numerically, not as strings', () => {
    const p = pod([
      { name: 'a', env: [launchBarrierEnv(10, 'x')] },
      { name: 'b', env: [launchBarrierEnv(9, 'x')] },
    ]);
    assert.deepEqual(nextLaunchPriorities(p), [9, 10]);
  });
});

describe('launchBarrierNeeded (shouldEnqueue)', () => {
  const cases: ReadonlyArray<readonly [string, Pod, Record<string, string> | undefined, boolean]> = [
    ['nothing released yet', controllerPod(3, {}), barrier(), true],
    ['the highest released, none ready', controllerPod(3, {}), barrier(5), false],
    [
      'b, f ready, 5 and 3 released: a is still starting',
      controllerPod(3, { a: false, b: true, f: true }),
      barrier(5, 3),
      false,
    ],
    ['a, b, f ready: 0 is next', controllerPod(3, { a: true, b: true, f: true }), barrier(5, 3), true],
    ['0 released', controllerPod(3, { a: true, b: true, f: true }), barrier(5, 3, 0), false],
    [
      'c ready too: -1 is next',
      controllerPod(3, { a: true, b: true, c: true, f: true }),
      barrier(5, 3, 0),
      true,
    ],
    ['all released', controllerPod(3, { a: true, b: true, c: true, f: true }), barrier(5, 3, 0, -1), false],
    [
      'completed annotation',
      controllerPod(
        3,
        { a: true, f: false },
        { annotations: { [CONTAINER_LAUNCH_PRIORITY_COMPLETED_ANNOTATION]: 'true' } },
      ),
      barrier(5, 3, 0, -1),
      false,
    ],
    [
      'completed annotation other than "true" does not count',
      controllerPod(3, {}, { annotations: { [CONTAINER_LAUNCH_PRIORITY_COMPLETED_ANNOTATION]: 'True' } }),
      barrier(),
      true,
    ],
    ['no barrier ConfigMap yet', controllerPod(3, {}), undefined, true],
    ['ContainersReady True', controllerPod(3, {}, { containersReady: 'True' }), undefined, false],
    ['ContainersReady False', controllerPod(3, {}, { containersReady: 'False' }), undefined, true],
    ['no barrier envs', pod([{ name: 'a' }, { name: 'b' }]), undefined, false],
  ];
  for (const [name, p, data, want] of cases) it(name, () => assert.equal(launchBarrierNeeded(p, data), want));
});

describe('launchBarrierStep (handle)', () => {
  /** Kruise's test runs handle twice on the same pod, applying the patches; the barrier and completion after. */
  const twice = (
    p: Pod,
    data: Record<string, string>,
  ): { data: Record<string, string>; completed: boolean } => {
    const out = { ...data };
    let completed = false;
    for (let i = 0; i < 2; i++) {
      const step = launchBarrierStep(p, out);
      if (step.addKey !== undefined) out[step.addKey] = 'true';
      completed ||= step.complete;
    }
    return { data: out, completed };
  };
  const cases: ReadonlyArray<readonly [string, Pod, number[], number[], boolean]> = [
    ['releases the highest', controllerPod(3, {}), [], [5], false],
    [
      'a still starting: nothing more',
      controllerPod(3, { a: false, b: true, f: true }),
      [5, 3],
      [5, 3],
      false,
    ],
    ['releases 0', controllerPod(3, { a: true, b: true, f: true }), [5, 3], [5, 3, 0], false],
    [
      'releases the last one and completes',
      controllerPod(3, { a: true, b: true, c: true, f: true }),
      [5, 3, 0],
      [5, 3, 0, -1],
      true,
    ],
  ];
  for (const [name, p, existing, want, completed] of cases) {
    it(name, () => assert.deepEqual(twice(p, barrier(...existing)), { data: barrier(...want), completed }));
  }

  it('single steps', () => {
    assert.deepEqual(launchBarrierStep(controllerPod(3, {}), {}), { addKey: 'p_5', complete: false });
    assert.deepEqual(launchBarrierStep(controllerPod(3, {}), barrier(5)), {
      addKey: undefined,
      complete: false,
    });
    // The lowest released already: complete, nothing to add.
    assert.deepEqual(launchBarrierStep(controllerPod(3, {}), barrier(-1)), {
      addKey: undefined,
      complete: true,
    });
    // Nothing waiting.
    assert.deepEqual(launchBarrierStep(pod([{ name: 'a' }]), {}), { addKey: undefined, complete: true });
    // No data is an empty barrier.
    assert.deepEqual(launchBarrierStep(controllerPod(3, {}), undefined), { addKey: 'p_5', complete: false });
  });

  it('Reconcile’s pods: one container p_100 completes at once; p_100 and p_1000 release 1000 first', () => {
    const one = pod([{ name: 'c1', env: [barrierEnvWithKey('p_100')] }], { name: 'pod0' });
    assert.deepEqual(launchBarrierStep(one, {}), { addKey: 'p_100', complete: true });
    const two = pod(
      [
        { name: 'c1', env: [barrierEnvWithKey('p_100')] },
        { name: 'c2', env: [barrierEnvWithKey('p_1000')] },
      ],
      { name: 'pod1' },
    );
    assert.deepEqual(launchBarrierStep(two, {}), { addKey: 'p_1000', complete: false });
  });

  it('the mutation and the decisions agree: Ordered releases 0, then -1 once the first container is ready', () => {
    const mutated = withContainerLaunchPriority(pod([{ name: 'a' }, { name: 'b' }], ordered));
    assert.ok(mutated);
    assert.deepEqual(launchBarrierStep(mutated, {}), { addKey: 'p_0', complete: false });
    const started: Pod = {
      ...mutated,
      status: { containerStatuses: [{ name: 'a', ready: true, image: '', imageID: '' }] },
    };
    assert.equal(launchBarrierNeeded(started, barrier(0)), true);
    assert.deepEqual(launchBarrierStep(started, barrier(0)), { addKey: 'p_-1', complete: true });
  });
});
