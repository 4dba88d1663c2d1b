import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  bucketDiff,
  buckets,
  parseMetrics,
  quantile,
  reconcileTotal,
  sumMetric,
} from '../../src/prometheus.ts';

const text = `# HELP apiserver_request_total x
apiserver_request_total{verb="GET",resource="pods",code="200"} 10
apiserver_request_total{verb="POST",resource="pods",code="201"} 5
workqueue_queue_duration_seconds_bucket{name="a",le="0.1"} 50
workqueue_queue_duration_seconds_bucket{name="a",le="1"} 90
workqueue_queue_duration_seconds_bucket{name="a",le="+Inf"} 100
workqueue_queue_duration_seconds_bucket{name="b",le="0.1"} 0
workqueue_queue_duration_seconds_bucket{name="b",le="1"} 0
workqueue_queue_duration_seconds_bucket{name="b",le="+Inf"} 0
`;

describe('prometheus text', () => {
  const samples = parseMetrics(text);
  it('sums a counter, optionally filtered by label', () => {
    assert.equal(sumMetric(samples, 'apiserver_request_total'), 15);
    assert.equal(
      sumMetric(samples, 'apiserver_request_total', (l) => l.verb === 'POST'),
      5,
    );
  });
  it("counts one controller's reconciles over every result", () => {
    const reconciles =
      parseMetrics(`controller_runtime_reconcile_total{controller="cloneset",result="success"} 7
controller_runtime_reconcile_total{controller="cloneset",result="requeue_after"} 3
controller_runtime_reconcile_total{controller="statefulset",result="success"} 4
`);
    assert.equal(reconcileTotal(reconciles, 'cloneset'), 10);
    assert.equal(reconcileTotal(reconciles, 'broadcastjob'), 0);
  });
  it('interpolates a quantile inside its bucket', () => {
    const b = buckets(samples, 'workqueue_queue_duration_seconds');
    assert.equal(quantile(0.5, b), 0.1);
    assert.ok(Math.abs(quantile(0.7, b) - 0.55) < 1e-9);
    // Above the last finite bound: that bound.
    assert.equal(quantile(0.99, b), 1);
  });
  it('diffs buckets and gives NaN without observations', () => {
    const b = buckets(samples, 'workqueue_queue_duration_seconds');
    assert.ok(Number.isNaN(quantile(0.99, bucketDiff(b, b))));
  });
});
