// What a controller does with bus messages of a contract version it does not read (packages/bus CONTRACT.md):
// an error log naming the object, `kruise_ts_bus_contract_refused_total`, and the partition left alone while
// such a message is the newest of its object — loud, and never a decision on state it could not read.
import type { ContractRefusal } from '@kruise-ts/bus';
import type { Logger } from '@kruise-ts/telemetry';
import { Counter, type Registry } from 'prom-client';
import type { ObjectCache } from './cache/object-cache.ts';

const METRIC = 'kruise_ts_bus_contract_refused_total';

export interface ContractRefusals {
  onRefused(refusal: ContractRefusal): void;
  /** True when the key's partition holds a refused message (logged once per key and refusal). */
  blocks(cache: ObjectCache, partition: number, key: string): boolean;
  /** How soon a blocked reconcile looks again. */
  readonly recheckMs: number;
}

export function contractRefusals(o: {
  controller: string;
  registry?: Registry;
  logger?: Logger;
  recheckMs?: number;
}): ContractRefusals {
  const counter = o.registry
    ? ((o.registry.getSingleMetric(METRIC) as Counter | undefined) ??
      new Counter({
        name: METRIC,
        help: 'Bus messages refused because their contract version is outside what this build reads',
        labelNames: ['subject_kind', 'version'],
        registers: [o.registry],
      }))
    : undefined;
  const warned = new Set<string>();
  return {
    recheckMs: o.recheckMs ?? 5_000,
    onRefused(refusal) {
      counter?.inc({ subject_kind: refusal.subjectKind, version: String(refusal.version) });
      o.logger?.error(
        {
          key: refusal.key,
          kind: refusal.subjectKind,
          subject: refusal.subject,
          seq: refusal.seq,
          contractVersion: refusal.version,
          partition: refusal.partition,
          reason: refusal.reason,
        },
        `refused bus message for ${refusal.subjectKind} ${refusal.key}: ${refusal.reason}; its partition is left alone`,
      );
    },
    blocks(cache, partition, key) {
      const refusals = cache.refusals(partition);
      if (refusals.length === 0) {
        warned.clear();
        return false;
      }
      const first = refusals[0] as ContractRefusal;
      const note = `${key}@${first.subject}:${first.seq}`;
      if (!warned.has(note)) {
        warned.add(note);
        o.logger?.error(
          { key, controller: o.controller, partition, refused: refusals.map((r) => r.key) },
          `not reconciling ${key}: partition ${partition} holds a refused bus message`,
        );
      }
      return true;
    },
  };
}
