// The shapes this package reads and writes, as JSON from the apiserver or the bus. SidecarSets are the v1beta1
// hub type of @kruise-ts/api; pods are core/v1 with the status fields the SidecarSet decisions use. Fields not
// typed here pass through untouched.
import type { Container, EnvVar, ObjectMeta, PodSpec, SidecarSetV1beta1, Volume } from '@kruise-ts/api';
import type { ContainerStatus, PodCondition } from '@kruise-ts/core';

export type SidecarSet = SidecarSetV1beta1;
export type SidecarContainer = NonNullable<SidecarSet['spec']['containers']>[number];

export interface VolumeMount {
  name: string;
  mountPath: string;
  subPath?: string;
  subPathExpr?: string;
  readOnly?: boolean;
  mountPropagation?: string;
}

export interface VolumeDevice {
  name: string;
  devicePath: string;
}

/** core/v1 Container, with the volume fields the shared-volume policies read. */
export interface PodContainer extends Omit<Container, 'volumeMounts' | 'volumeDevices'> {
  volumeMounts?: VolumeMount[];
  volumeDevices?: VolumeDevice[];
}

export interface PodStatus {
  phase?: string;
  conditions?: PodCondition[];
  containerStatuses?: ContainerStatus[];
  initContainerStatuses?: ContainerStatus[];
  [key: string]: unknown;
}

export interface Pod {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: Omit<PodSpec, 'containers' | 'initContainers'> & {
    containers: PodContainer[];
    initContainers?: PodContainer[];
  };
  status?: PodStatus;
}

export type { ContainerStatus, EnvVar, PodCondition, Volume };
