// The shapes this package reads and writes, as JSON from the apiserver or the bus. SidecarSets are the v1beta1
// hub type of @kruise-ts/api; pods are the project's one Pod (@kruise-ts/core) with its spec present, as every
// admitted or stored pod has it (docs/adr/0020-one-type-per-kind.md).
import type { Container, EnvVar, SidecarSetV1beta1, Volume, VolumeDevice, VolumeMount } from '@kruise-ts/api';
import type { ContainerStatus, PodCondition, PodStatus, PodWithSpec } from '@kruise-ts/core';

export type SidecarSet = SidecarSetV1beta1;
export type SidecarContainer = NonNullable<SidecarSet['spec']['containers']>[number];

export type Pod = PodWithSpec;

export type {
  Container,
  ContainerStatus,
  EnvVar,
  PodCondition,
  PodStatus,
  Volume,
  VolumeDevice,
  VolumeMount,
};
