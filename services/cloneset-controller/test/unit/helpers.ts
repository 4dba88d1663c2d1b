// Builders for the unit tables: a compact pod notation and a CloneSet with rollout knobs.

import { CONTROLLER_REVISION_HASH_LABEL_KEY, LIFECYCLE_STATE_LABEL } from '@kruise-ts/core';
import type { IntOrString } from '@kruise-ts/kube';
import { SPECIFIED_DELETE_LABEL } from '../../src/pod-state.ts';
import type { CloneSet, CloneSetPod, PodUpdatePolicy } from '../../src/types.ts';

export const NOW = Date.parse('2026-03-01T12:00:00Z');
export const OLD = 'old_rev';
export const NEW = 'new_rev';

const STATES: Record<string, string> = {
  PN: 'PreparingNormal',
  N: 'Normal',
  PU: 'PreparingUpdate',
  U: 'Updating',
  UD: 'Updated',
  PD: 'PreparingDelete',
};

/**
 * One pod per token: O/o = old revision ready/not ready, N/n = new revision ready/not ready; a trailing "*" marks
 * it specified-delete; ":PD", ":PU", ":U", ":UD", ":PN", ":N" set the lifecycle state (default Normal).
 */
export function podsFrom(notation: string): CloneSetPod[] {
  return notation
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '')
    .map((token, i) => {
      const [head = '', stateCode = 'N'] = token.split(':');
      const letter = head[0] ?? '';
      const rev = letter.toUpperCase() === 'N' ? NEW : OLD;
      const ready = letter === 'N' || letter === 'O';
      const state = STATES[stateCode];
      if (state === undefined) throw new Error(`unknown state ${stateCode}`);
      return makePod({ name: `p${i}`, revision: rev, state, ready, specifiedDelete: head.endsWith('*') });
    });
}

export interface PodOptions {
  name?: string;
  revision?: string;
  state?: string;
  ready?: boolean;
  readySince?: number;
  specifiedDelete?: boolean;
  nodeName?: string;
  phase?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  uid?: string;
  created?: number;
}

export function makePod(o: PodOptions = {}): CloneSetPod {
  const labels: Record<string, string> = { ...o.labels };
  if (o.revision !== undefined) labels[CONTROLLER_REVISION_HASH_LABEL_KEY] = o.revision;
  if (o.state !== undefined && o.state !== '') labels[LIFECYCLE_STATE_LABEL] = o.state;
  if (o.specifiedDelete === true) labels[SPECIFIED_DELETE_LABEL] = 'true';
  const pod: CloneSetPod = {
    metadata: {
      name: o.name ?? 'pod',
      labels,
      ...(o.uid === undefined ? {} : { uid: o.uid }),
      ...(o.annotations === undefined ? {} : { annotations: o.annotations }),
      ...(o.finalizers === undefined ? {} : { finalizers: o.finalizers }),
      ...(o.created === undefined ? {} : { creationTimestamp: new Date(o.created).toISOString() }),
    },
    spec: o.nodeName === undefined ? {} : { nodeName: o.nodeName },
  };
  if (o.ready === true) {
    pod.status = {
      phase: o.phase ?? 'Running',
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          ...(o.readySince === undefined ? {} : { lastTransitionTime: new Date(o.readySince).toISOString() }),
        },
      ],
    };
  } else if (o.phase !== undefined) {
    pod.status = { phase: o.phase };
  }
  return pod;
}

export interface CloneSetOptions {
  replicas?: number;
  partition?: IntOrString;
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
  paused?: boolean;
  podUpdatePolicy?: PodUpdatePolicy;
  excludePreparingDelete?: boolean;
  scaleMaxUnavailable?: IntOrString;
  minReadySeconds?: number;
  noRollingUpdate?: boolean;
}

/** Kruise's test CloneSet: replicas plus rollingUpdate {partition, maxUnavailable, maxSurge}. */
export function makeCloneSet(o: CloneSetOptions = {}): CloneSet {
  const rollingUpdate = {
    ...(o.partition === undefined ? {} : { partition: o.partition }),
    ...(o.maxUnavailable === undefined ? {} : { maxUnavailable: o.maxUnavailable }),
    ...(o.maxSurge === undefined ? {} : { maxSurge: o.maxSurge }),
    ...(o.paused === undefined ? {} : { paused: o.paused }),
    ...(o.podUpdatePolicy === undefined ? {} : { podUpdatePolicy: o.podUpdatePolicy }),
  };
  return {
    metadata: { name: 'cs', namespace: 'default', uid: 'cs-uid' },
    spec: {
      replicas: o.replicas ?? 1,
      ...(o.minReadySeconds === undefined ? {} : { minReadySeconds: o.minReadySeconds }),
      scaleStrategy: {
        ...(o.excludePreparingDelete === undefined
          ? {}
          : { excludePreparingDelete: o.excludePreparingDelete }),
        ...(o.scaleMaxUnavailable === undefined ? {} : { maxUnavailable: o.scaleMaxUnavailable }),
      },
      updateStrategy: o.noRollingUpdate === true ? {} : { type: 'RollingUpdate' as const, rollingUpdate },
    },
  };
}
