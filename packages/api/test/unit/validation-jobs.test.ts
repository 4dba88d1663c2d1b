// BroadcastJob (docs/behaviour/broadcastjob.md#validation) and AdvancedCronJob (docs/behaviour/advancedcronjob.md#validation) validation, plus robfig/cron schedule syntax.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type AdvancedCronJobV1beta1,
  type BroadcastJobV1beta1,
  cronScheduleError,
  type FieldError,
  validateAdvancedCronJobV1alpha1,
  validateAdvancedCronJobV1beta1,
  validateBroadcastJobV1alpha1,
  validateBroadcastJobV1beta1,
} from '../../src/index.ts';
import { advancedCronJobV1beta1, broadcastJobV1beta1 } from '../fixtures/objects.ts';

const messages = (errs: FieldError[]) => errs.map((e) => e.message);

describe('BroadcastJob', () => {
  test('a defaulted job with restartPolicy Never is valid at both versions', () => {
    assert.deepEqual(validateBroadcastJobV1beta1(broadcastJobV1beta1()), []);
    assert.deepEqual(
      validateBroadcastJobV1alpha1({ ...broadcastJobV1beta1(), apiVersion: 'apps.kruise.io/v1alpha1' }),
      [],
    );
  });

  const cases: [string, (o: BroadcastJobV1beta1) => void, string[]][] = [
    [
      'restartPolicy Always (what pod defaulting gives when unset) is rejected',
      (o) => {
        o.spec.template.spec!.restartPolicy = 'Always';
      },
      [
        'spec.template.spec.restartPolicy: Invalid value: "Always": pod restartPolicy can only be Never or OnFailure',
      ],
    ],
    [
      'completionPolicy Never with ttl and deadline',
      (o) => {
        o.spec.completionPolicy = {
          type: 'Never',
          ttlSecondsAfterFinished: 5,
          activeDeadlineSeconds: 10,
        };
      },
      [
        'spec.completionPolicy.ttlSecondsAfterFinished: Invalid value: 5: ttlSecondsAfterFinished can just work with Always CompletionPolicyType',
        'spec.completionPolicy.activeDeadlineSeconds: Invalid value: 10: activeDeadlineSeconds can just work with Always CompletionPolicyType',
      ],
    ],
    [
      'preset controller labels',
      (o) => {
        o.spec.template.metadata = { labels: { 'broadcastjob-name': 'x' } };
      },
      [
        'spec.template.metadata.labels: Invalid value: {"broadcastjob-name":"x"}: "broadcastjob-name" and "broadcastjob-controller-uid" are not allowed to preset in pod labels',
      ],
    ],
    [
      'name with a dot',
      (o) => {
        o.metadata!.name = 'a.b';
      },
      [
        "metadata.name: Invalid value: \"a.b\": BroadcastJob name must consist of alphanumeric characters or '-' (e.g. 'example-com', regex used for validation is '^[a-zA-Z0-9\\-]+$')",
      ],
    ],
  ];
  for (const [name, edit, want] of cases) {
    test(name, () =>
      assert.deepEqual(messages(validateBroadcastJobV1beta1(broadcastJobV1beta1(edit))), want),
    );
  }
});

describe('AdvancedCronJob', () => {
  test('a defaulted ACJ is valid at both versions', () => {
    assert.deepEqual(validateAdvancedCronJobV1beta1(advancedCronJobV1beta1()), []);
    assert.deepEqual(
      validateAdvancedCronJobV1alpha1({ ...advancedCronJobV1beta1(), apiVersion: 'apps.kruise.io/v1alpha1' }),
      [],
    );
  });

  const cases: [string, (o: AdvancedCronJobV1beta1) => void, string[]][] = [
    [
      'empty schedule',
      (o) => {
        o.spec.schedule = '';
      },
      [
        'spec.schedule: Invalid value: "": schedule cannot be empty, please provide valid cron schedule.',
        'spec.schedule: Invalid value: "": empty spec string',
      ],
    ],
    [
      'six fields',
      (o) => {
        o.spec.schedule = '0 * * * * *';
      },
      ['spec.schedule: Invalid value: "0 * * * * *": expected exactly 5 fields, found 6: [0 * * * * *]'],
    ],
    [
      'TZ in the schedule together with timeZone',
      (o) => {
        o.spec.schedule = 'TZ=UTC */5 * * * *';
        o.spec.timeZone = 'UTC';
      },
      [
        'spec.schedule: Invalid value: "TZ=UTC */5 * * * *": cannot use both timeZone field and TZ or CRON_TZ in schedule',
      ],
    ],
    [
      'Local time zone',
      (o) => {
        o.spec.timeZone = 'local';
      },
      [
        'spec.timeZone: Invalid value: "local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones',
        'spec.timeZone: Invalid value: "local": unknown time zone local',
      ],
    ],
    [
      'unknown time zone',
      (o) => {
        o.spec.timeZone = 'Mars/Olympus';
      },
      ['spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus'],
    ],
    [
      'empty time zone',
      (o) => {
        o.spec.timeZone = '';
      },
      ['spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string'],
    ],
    [
      'negative history limits and deadline',
      (o) => {
        o.spec.startingDeadlineSeconds = -1;
        o.spec.successfulJobsHistoryLimit = -1;
      },
      [
        'spec.startingDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0',
        'spec.successfulJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0',
      ],
    ],
    [
      'no template',
      (o) => {
        o.spec.template = {};
      },
      [
        'spec.template: Forbidden: spec must have one template, either JobTemplate or BroadcastJobTemplate or ImageListPullJobTemplate should be provided',
      ],
    ],
    [
      'two templates',
      (o) => {
        o.spec.template.jobTemplate = {
          spec: { template: structuredClone(o.spec.template.broadcastJobTemplate!.spec!.template) },
        };
      },
      [
        'spec.template: Forbidden: spec can have only one template, either JobTemplate or BroadcastJobTemplate or ImageListPullJobTemplate should be provided',
      ],
    ],
    [
      'image list pull job: Allow concurrency, duplicate images',
      (o) => {
        o.spec.template = {
          imageListPullJobTemplate: {
            spec: { images: ['nginx:1', 'nginx:1'], completionPolicy: { type: 'Always' } },
          },
        };
      },
      [
        'spec.spec.concurrencyPolicy: Invalid value: "Allow": concurrencyPolicy should be Replace or Forbid, but current value is: Allow',
        'spec.template.imageListPullJobTemplate.spec.images: Invalid value: ["nginx:1","nginx:1"]: images cannot have duplicate values',
      ],
    ],
    [
      'image list pull job: upper-case image',
      (o) => {
        o.spec.concurrencyPolicy = 'Forbid';
        o.spec.template = {
          imageListPullJobTemplate: { spec: { images: ['Nginx:1'], completionPolicy: { type: 'Always' } } },
        };
      },
      [
        'spec.template.imageListPullJobTemplate.spec.images: Invalid value: ["Nginx:1"]: invalid image Nginx:1: repository name must be lowercase',
      ],
    ],
  ];
  for (const [name, edit, want] of cases) {
    test(name, () =>
      assert.deepEqual(messages(validateAdvancedCronJobV1beta1(advancedCronJobV1beta1(edit))), want),
    );
  }

  test('UPDATE: templates are immutable, the schedule is not', () => {
    const old = advancedCronJobV1beta1();
    assert.deepEqual(
      validateAdvancedCronJobV1beta1(
        advancedCronJobV1beta1((o) => {
          o.spec.schedule = '@hourly';
        }),
        { old },
      ),
      [],
    );
    const changed = advancedCronJobV1beta1((o) => {
      o.spec.template.broadcastJobTemplate!.spec!.parallelism = 3;
    });
    assert.deepEqual(messages(validateAdvancedCronJobV1beta1(changed, { old })), [
      "spec: Forbidden: updates to advancedcronjob spec for fields other than 'imageListPullJobTemplate', 'schedule', 'concurrencyPolicy', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit', 'startingDeadlineSeconds', 'timeZone' and 'paused' are forbidden",
    ]);
  });
});

describe('cron schedules (robfig/cron v3 ParseStandard)', () => {
  const ok = [
    '*/1 * * * *',
    '0 0 1 jan mon',
    '@hourly',
    '@every 1h30m',
    '? * * * *',
    'CRON_TZ=Asia/Shanghai 0 6 * * ?',
    '0-30/5 1,2 * * 1-5',
  ];
  for (const schedule of ok)
    test(`accepts ${schedule}`, () => assert.equal(cronScheduleError(schedule), undefined));
  const bad: [string, string][] = [
    ['60 * * * *', 'end of range (60) above maximum (59): 60'],
    ['* * 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['5-2 * * * *', 'beginning of range (5) beyond end of range (2): 5-2'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['x * * * *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
    ['@fortnightly', 'unrecognized descriptor: @fortnightly'],
    ['@every soon', 'failed to parse duration @every soon: time: invalid duration "soon"'],
    ['TZ=Nowhere/Land * * * * *', 'provided bad location Nowhere/Land: unknown time zone Nowhere/Land'],
  ];
  for (const [schedule, error] of bad)
    test(`rejects ${schedule}`, () => assert.equal(cronScheduleError(schedule), error));
});
