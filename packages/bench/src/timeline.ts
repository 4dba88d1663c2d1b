// `--timeline <dir>`: every pod event of a phase as a TSV file, so two contenders' rolls can be compared
// event by event (when a round's deletions land, when the next round's pods are created, when they turn ready),
// and among them each state of the workload's status (how long the status trails the last pod change).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PodEventRecord } from './pod-watch.ts';
import type { WorkloadEventRecord } from './workload-watch.ts';

/** What an event changed for its pod, judged against the previous event of the same pod. */
export type PodChange = 'created' | 'ready' | 'unready' | 'terminating' | 'deleted' | 'updated';

/**
 * A workload state as a row in the same order of time: `status`, the workload, and its status counters in the
 * image column.
 */
export function statusRows(
  events: readonly WorkloadEventRecord[],
  t0: number,
): { at: number; row: string }[] {
  return events.map((e) => ({ at: e.at, row: `${Math.round(e.at - t0)}\tstatus\t${e.name}\t${e.summary}` }));
}

/**
 * One row per event: milliseconds since `t0`, the change it made, the pod, and its image. A pod's first
 * event in the phase counts as `created` only when it is an ADDED event (a pod from before the phase is
 * `updated` on its first MODIFIED unless that marks it terminating).
 */
export function timelineRows(events: readonly PodEventRecord[], t0: number): string[] {
  const last = new Map<string, PodEventRecord>();
  const rows: string[] = [];
  for (const e of events) {
    const before = last.get(e.name);
    last.set(e.name, e);
    rows.push(`${Math.round(e.at - t0)}\t${changeOf(before, e)}\t${e.name}\t${e.image}`);
  }
  return rows;
}

function changeOf(before: PodEventRecord | undefined, e: PodEventRecord): PodChange {
  if (e.type === 'ADDED') return 'created';
  if (e.type === 'DELETED') return 'deleted';
  if (e.terminating && before?.terminating !== true) return 'terminating';
  if (before !== undefined && e.ready !== before.ready) return e.ready ? 'ready' : 'unready';
  return 'updated';
}

/**
 * When (performance.now()) the phase's first and last pod events arrived, and the last time a pod turned
 * terminating (the controller's last deletion; the kubelet's removals follow).
 */
export function phaseSpan(events: readonly PodEventRecord[]): {
  first?: number;
  last?: number;
  lastTerminating?: number;
} {
  const terminating = new Set<string>();
  let lastTerminating: number | undefined;
  for (const e of events) {
    if (e.terminating && !terminating.has(e.name)) lastTerminating = e.at;
    if (e.terminating) terminating.add(e.name);
  }
  return {
    ...(events.length === 0 ? {} : { first: events[0]?.at, last: events.at(-1)?.at }),
    ...(lastTerminating === undefined ? {} : { lastTerminating }),
  };
}

/** Writes `<dir>/<contender>-<phase>.tsv` (phase spaces become dashes). */
export function writeTimeline(
  dir: string,
  contender: string,
  phase: string,
  events: readonly PodEventRecord[],
  t0: number,
  workloadEvents: readonly WorkloadEventRecord[] = [],
): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${contender}-${phase.replaceAll(' ', '-')}.tsv`);
  const podRows = timelineRows(events, t0).map((row, i) => ({ at: events[i]?.at ?? 0, row }));
  const rows = [...podRows, ...statusRows(workloadEvents, t0)].sort((a, b) => a.at - b.at).map((r) => r.row);
  writeFileSync(file, `ms\tchange\tpod\timage\n${rows.join('\n')}\n`);
  return file;
}
