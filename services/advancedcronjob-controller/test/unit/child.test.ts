// The child for a scheduled run (docs/behaviour/advancedcronjob.md#controller step 8; constructJobForCronJob /
// constructBrJobForCronJob): kind by template, `<acj>-<unix seconds>`, template labels/annotations, the
// scheduled-at annotation, the controller ownerReference, spec = template spec.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { childName, findTemplateKind, newChild } from '../../src/child.ts';
import type { AdvancedCronJob } from '../../src/types.ts';
import { at, broadcastJobTemplate, jobTemplate, makeAcj } from './fixtures.ts';

const RUN = at('2022-09-06T02:00:00Z');
const owner = {
  apiVersion: 'apps.kruise.io/v1beta1',
  kind: 'AdvancedCronJob',
  name: 'acj',
  uid: '12345',
  controller: true,
  blockOwnerDeletion: true,
};

describe('findTemplateKind', () => {
  const ilpj = { spec: { images: ['nginx'], completionPolicy: { type: 'Always' } } };
  const rows: { name: string; template: AdvancedCronJob['spec']['template']; want: string }[] = [
    { name: 'jobTemplate ⇒ Job', template: { jobTemplate: jobTemplate() }, want: 'Job' },
    {
      name: 'broadcastJobTemplate ⇒ BroadcastJob',
      template: { broadcastJobTemplate: broadcastJobTemplate() },
      want: 'BroadcastJob',
    },
    {
      name: 'imageListPullJobTemplate ⇒ ImageListPullJob',
      template: { imageListPullJobTemplate: ilpj },
      want: 'ImageListPullJob',
    },
    {
      name: 'jobTemplate wins over the others',
      template: { jobTemplate: jobTemplate(), imageListPullJobTemplate: ilpj },
      want: 'Job',
    },
    { name: 'no template at all ⇒ BroadcastJob (Kruise falls through)', template: {}, want: 'BroadcastJob' },
  ];
  for (const row of rows)
    it(row.name, () => assert.equal(findTemplateKind({ template: row.template }), row.want));
});

describe('childName', () => {
  const rows: [string, number, string][] = [
    ['acj', RUN, 'acj-1662429600'],
    ['nightly-report', at('2025-10-10T09:05:00Z'), 'nightly-report-1760087100'],
    ['acj', at('2022-09-06T02:00:00.900Z'), 'acj-1662429600'],
  ];
  for (const [acj, time, want] of rows)
    it(`${acj} at ${new Date(time).toISOString()} ⇒ ${want}`, () => assert.equal(childName(acj, time), want));
});

describe('newChild', () => {
  it('jobTemplate ⇒ batch/v1 Job with template metadata, scheduled-at, controller ref and the template spec', () => {
    const acj = makeAcj();
    assert.deepEqual(newChild(acj, RUN), {
      child: {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: {
          name: 'acj-1662429600',
          namespace: 'default',
          labels: { app: 'report' },
          annotations: { team: 'data', 'apps.kruise.io/scheduled-at': '2022-09-06T02:00:00Z' },
          ownerReferences: [owner],
        },
        spec: jobTemplate().spec,
      },
    });
  });

  it('broadcastJobTemplate ⇒ apps.kruise.io/v1beta1 BroadcastJob; no template annotations ⇒ only scheduled-at', () => {
    const acj = makeAcj({ template: { broadcastJobTemplate: broadcastJobTemplate() } });
    assert.deepEqual(newChild(acj, RUN), {
      child: {
        apiVersion: 'apps.kruise.io/v1beta1',
        kind: 'BroadcastJob',
        metadata: {
          name: 'acj-1662429600',
          namespace: 'default',
          labels: { app: 'scan' },
          annotations: { 'apps.kruise.io/scheduled-at': '2022-09-06T02:00:00Z' },
          ownerReferences: [owner],
        },
        spec: broadcastJobTemplate().spec,
      },
    });
  });

  it('the spec is a copy: changing the child leaves the template alone', () => {
    const acj = makeAcj();
    const made = newChild(acj, RUN);
    assert.ok('child' in made && made.child.kind === 'Job');
    made.child.spec.backoffLimit = 9;
    assert.equal(acj.spec.template.jobTemplate?.spec?.backoffLimit, 2);
  });

  it('no template labels ⇒ no labels field (Go omits an empty map)', () => {
    const acj = makeAcj({ template: { jobTemplate: { spec: jobTemplate().spec } } });
    const made = newChild(acj, RUN);
    assert.ok('child' in made);
    assert.equal('labels' in made.child.metadata, false);
  });

  it('a template scheduled-at annotation is overwritten', () => {
    const template = jobTemplate();
    const metadata = { ...template.metadata, annotations: { 'apps.kruise.io/scheduled-at': 'bogus' } };
    const made = newChild(makeAcj({ template: { jobTemplate: { ...template, metadata } } }), RUN);
    assert.ok('child' in made);
    assert.equal(made.child.metadata.annotations['apps.kruise.io/scheduled-at'], '2022-09-06T02:00:00Z');
  });

  const zones: { zone: string; time: string; want: string }[] = [
    { zone: 'UTC', time: '2022-09-06T02:00:00Z', want: '2022-09-06T02:00:00Z' },
    { zone: 'Asia/Shanghai', time: '2022-09-06T02:00:00Z', want: '2022-09-06T10:00:00+08:00' },
    { zone: 'Asia/Kolkata', time: '2022-09-06T02:00:00Z', want: '2022-09-06T07:30:00+05:30' },
    { zone: 'America/New_York', time: '2012-11-04T05:30:00Z', want: '2012-11-04T01:30:00-04:00' },
    { zone: 'America/New_York', time: '2012-11-04T06:30:00Z', want: '2012-11-04T01:30:00-05:00' },
  ];
  for (const row of zones)
    it(`scheduled-at printed in ${row.zone}: ${row.time} ⇒ ${row.want}`, () => {
      const made = newChild(makeAcj(), at(row.time), row.zone);
      assert.ok('child' in made);
      assert.equal(made.child.metadata.annotations['apps.kruise.io/scheduled-at'], row.want);
    });

  it('imageListPullJobTemplate ⇒ a clear "not supported" error', () => {
    const acj = makeAcj({
      template: {
        imageListPullJobTemplate: { spec: { images: ['nginx'], completionPolicy: { type: 'Always' } } },
      },
    });
    const made = newChild(acj, RUN);
    assert.ok('error' in made);
    assert.match(made.error, /imageListPullJobTemplate is not supported/);
  });
});
