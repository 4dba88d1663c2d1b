// SidecarSet at v1alpha1 and v1beta1 (apis/apps/{v1alpha1,v1beta1}/sidecarset_types.go). Cluster-scoped.
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import {
  PatchPolicies,
  PodInjectPolicies,
  ShareVolumePolicyTypes,
  type SidecarContainerField,
  SidecarSetUpdateStrategyTypes,
  SidecarUpgradeTypes,
} from '../constants.ts';
import { Int32, Int64, IntOrString, Schemaless, StringEnum, StringMap } from './helpers.ts';
import { LabelSelector, ObjectMeta } from './meta.ts';
import { Container, ObjectFieldSelector, Volume } from './pod.ts';
import { UpdatePriorityStrategy, UpdateScatterStrategy } from './shared.ts';

const Optional = Type.Optional;

const ShareVolumePolicy = Type.Object({ type: Optional(StringEnum(ShareVolumePolicyTypes)) });

/** The fields Kruise adds to core/v1 Container. */
const sidecarFields = {
  podInjectPolicy: Optional(StringEnum(PodInjectPolicies)),
  upgradeStrategy: Optional(
    Type.Object({
      upgradeType: Optional(StringEnum(SidecarUpgradeTypes)),
      hotUpgradeEmptyImage: Optional(Type.String()),
    }),
  ),
  shareVolumePolicy: Optional(ShareVolumePolicy),
  shareVolumeDevicePolicy: Optional(ShareVolumePolicy),
  transferEnv: Optional(
    Type.Array(
      Type.Object({
        sourceContainerName: Optional(Type.String()),
        sourceContainerNameFrom: Optional(Type.Object({ fieldRef: Optional(ObjectFieldSelector) })),
        envName: Optional(Type.String()),
        envNames: Optional(Type.Array(Type.String())),
      }),
    ),
  ),
  resourcesPolicy: Optional(
    Type.Object({
      targetContainersMode: StringEnum(['sum', 'max'], { crdEnum: true }),
      targetContainersNameRegex: Optional(Type.String({ default: '.*' })),
      resourcesExpr: Type.Object({
        limits: Optional(Type.Object({ cpu: Optional(Type.String()), memory: Optional(Type.String()) })),
        requests: Optional(Type.Object({ cpu: Optional(Type.String()), memory: Optional(Type.String()) })),
      }),
    }),
  ),
} satisfies Record<SidecarContainerField, TSchema>;

/**
 * core/v1 Container plus Kruise's fields. In the CRD only `name` and Kruise's fields are typed; the container
 * body is kept as is (`x-kruise-ts-crd-only`), which keeps the CRD small.
 */
export const SidecarContainer = Type.Object(
  { ...Container.properties, ...sidecarFields },
  { 'x-kruise-ts-crd-only': ['name', ...Object.keys(sidecarFields)] },
);
export type SidecarContainer = Static<typeof SidecarContainer>;

const commonSpec = {
  selector: Optional(LabelSelector),
  namespaceSelector: Optional(LabelSelector),
  initContainers: Optional(Type.Array(SidecarContainer)),
  containers: Optional(Type.Array(SidecarContainer)),
  volumes: Optional(Type.Array(Schemaless(Volume))),
  updateStrategy: Optional(
    Type.Object({
      type: Optional(StringEnum(SidecarSetUpdateStrategyTypes)),
      paused: Optional(Type.Boolean()),
      selector: Optional(LabelSelector),
      partition: Optional(IntOrString()),
      maxUnavailable: Optional(IntOrString()),
      priorityStrategy: Optional(UpdatePriorityStrategy),
      scatterStrategy: Optional(UpdateScatterStrategy),
    }),
  ),
  injectionStrategy: Optional(
    Type.Object({
      paused: Optional(Type.Boolean()),
      revision: Optional(
        Type.Object({
          customVersion: Optional(Type.String()),
          revisionName: Optional(Type.String()),
          policy: Optional(StringEnum(['Always', 'Partial'], { default: 'Always' })),
        }),
      ),
    }),
  ),
  imagePullSecrets: Optional(Type.Array(Type.Object({ name: Optional(Type.String()) }))),
  revisionHistoryLimit: Optional(Int32()),
  patchPodMetadata: Optional(
    Type.Array(
      Type.Object({ annotations: Optional(StringMap()), patchPolicy: Optional(StringEnum(PatchPolicies)) }),
    ),
  ),
};

export const SidecarSetStatus = Type.Object({
  observedGeneration: Optional(Int64()),
  matchedPods: Int32(),
  updatedPods: Int32(),
  readyPods: Int32(),
  updatedReadyPods: Optional(Int32()),
  latestRevision: Optional(Type.String()),
  collisionCount: Optional(Int32()),
});
export type SidecarSetStatus = Static<typeof SidecarSetStatus>;

export const SidecarSetV1alpha1Spec = Type.Object({ ...commonSpec, namespace: Optional(Type.String()) });
export type SidecarSetV1alpha1Spec = Static<typeof SidecarSetV1alpha1Spec>;

export const SidecarSetV1alpha1 = Type.Object({
  apiVersion: Optional(Type.String()),
  kind: Optional(Type.String()),
  metadata: Optional(ObjectMeta),
  spec: SidecarSetV1alpha1Spec,
  status: Optional(SidecarSetStatus),
});
export type SidecarSetV1alpha1 = Static<typeof SidecarSetV1alpha1>;

export const SidecarSetV1beta1Spec = Type.Object({ ...commonSpec, customVersion: Optional(Type.String()) });
export type SidecarSetV1beta1Spec = Static<typeof SidecarSetV1beta1Spec>;

export const SidecarSetV1beta1 = Type.Object({
  apiVersion: Optional(Type.String()),
  kind: Optional(Type.String()),
  metadata: Optional(ObjectMeta),
  spec: SidecarSetV1beta1Spec,
  status: Optional(SidecarSetStatus),
});
export type SidecarSetV1beta1 = Static<typeof SidecarSetV1beta1>;
