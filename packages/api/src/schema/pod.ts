// core/v1 PodTemplateSpec and PersistentVolumeClaim, typed where kruise-ts reads or defaults them. These types
// only serve TypeScript: in the CRDs they are schemaless (see Schemaless in helpers.ts), so unknown fields survive.
import { type Static, Type } from '@sinclair/typebox';
import { Int32, Int64, IntOrString, OpaqueObject, StringMap } from './helpers.ts';
import { LabelSelector, ObjectMeta } from './meta.ts';

const Optional = Type.Optional;
const Str = () => Type.String();

export const ObjectFieldSelector = Type.Object({ apiVersion: Optional(Str()), fieldPath: Str() });
export type ObjectFieldSelector = Static<typeof ObjectFieldSelector>;

export const EnvVar = Type.Object({
  name: Str(),
  value: Optional(Str()),
  valueFrom: Optional(
    Type.Object({
      fieldRef: Optional(ObjectFieldSelector),
      resourceFieldRef: Optional(OpaqueObject()),
      configMapKeyRef: Optional(OpaqueObject()),
      secretKeyRef: Optional(OpaqueObject()),
    }),
  ),
});
export type EnvVar = Static<typeof EnvVar>;

export const ContainerPort = Type.Object({
  name: Optional(Str()),
  containerPort: Int32(),
  hostPort: Optional(Int32()),
  hostIP: Optional(Str()),
  protocol: Optional(Str()),
});
export type ContainerPort = Static<typeof ContainerPort>;

export const HTTPGetAction = Type.Object({
  path: Optional(Str()),
  port: IntOrString(),
  host: Optional(Str()),
  scheme: Optional(Str()),
  httpHeaders: Optional(Type.Array(Type.Object({ name: Str(), value: Str() }))),
});
export type HTTPGetAction = Static<typeof HTTPGetAction>;

const handlerFields = {
  exec: Optional(Type.Object({ command: Optional(Type.Array(Str())) })),
  httpGet: Optional(HTTPGetAction),
  tcpSocket: Optional(Type.Object({ port: IntOrString(), host: Optional(Str()) })),
};

export const Probe = Type.Object({
  ...handlerFields,
  grpc: Optional(Type.Object({ port: Int32(), service: Optional(Str()) })),
  initialDelaySeconds: Optional(Int32()),
  timeoutSeconds: Optional(Int32()),
  periodSeconds: Optional(Int32()),
  successThreshold: Optional(Int32()),
  failureThreshold: Optional(Int32()),
  terminationGracePeriodSeconds: Optional(Int64()),
});
export type Probe = Static<typeof Probe>;

export const LifecycleHandler = Type.Object({
  ...handlerFields,
  sleep: Optional(Type.Object({ seconds: Int64() })),
});
export type LifecycleHandler = Static<typeof LifecycleHandler>;

export const VolumeMount = Type.Object({
  name: Str(),
  mountPath: Str(),
  subPath: Optional(Str()),
  subPathExpr: Optional(Str()),
  readOnly: Optional(Type.Boolean()),
  mountPropagation: Optional(Str()),
});
export type VolumeMount = Static<typeof VolumeMount>;

export const VolumeDevice = Type.Object({ name: Str(), devicePath: Str() });
export type VolumeDevice = Static<typeof VolumeDevice>;

export const ResourceRequirements = Type.Object({
  limits: Optional(Type.Record(Str(), IntOrString())),
  requests: Optional(Type.Record(Str(), IntOrString())),
  /** A container's dynamic resource claims (names from the pod's `resourceClaims`). */
  claims: Optional(Type.Array(Type.Object({ name: Str(), request: Optional(Str()) }))),
});

export const Container = Type.Object({
  name: Str(),
  image: Optional(Str()),
  imagePullPolicy: Optional(Str()),
  command: Optional(Type.Array(Str())),
  args: Optional(Type.Array(Str())),
  workingDir: Optional(Str()),
  env: Optional(Type.Array(EnvVar)),
  envFrom: Optional(Type.Array(OpaqueObject())),
  ports: Optional(Type.Array(ContainerPort)),
  resources: Optional(ResourceRequirements),
  volumeMounts: Optional(Type.Array(VolumeMount)),
  volumeDevices: Optional(Type.Array(VolumeDevice)),
  livenessProbe: Optional(Probe),
  readinessProbe: Optional(Probe),
  startupProbe: Optional(Probe),
  lifecycle: Optional(
    Type.Object({ postStart: Optional(LifecycleHandler), preStop: Optional(LifecycleHandler) }),
  ),
  terminationMessagePath: Optional(Str()),
  terminationMessagePolicy: Optional(Str()),
  restartPolicy: Optional(Str()),
  securityContext: Optional(OpaqueObject()),
  stdin: Optional(Type.Boolean()),
  tty: Optional(Type.Boolean()),
});
export type Container = Static<typeof Container>;

const keyToPath = Type.Object({ key: Str(), path: Str(), mode: Optional(Int32()) });
const downwardItem = Type.Object({
  path: Str(),
  fieldRef: Optional(ObjectFieldSelector),
  resourceFieldRef: Optional(OpaqueObject()),
  mode: Optional(Int32()),
});

export const Volume = Type.Object({
  name: Str(),
  emptyDir: Optional(Type.Object({ medium: Optional(Str()), sizeLimit: Optional(IntOrString()) })),
  hostPath: Optional(Type.Object({ path: Str(), type: Optional(Str()) })),
  secret: Optional(
    Type.Object({
      secretName: Optional(Str()),
      items: Optional(Type.Array(keyToPath)),
      defaultMode: Optional(Int32()),
      optional: Optional(Type.Boolean()),
    }),
  ),
  configMap: Optional(
    Type.Object({
      name: Optional(Str()),
      items: Optional(Type.Array(keyToPath)),
      defaultMode: Optional(Int32()),
      optional: Optional(Type.Boolean()),
    }),
  ),
  downwardAPI: Optional(
    Type.Object({ items: Optional(Type.Array(downwardItem)), defaultMode: Optional(Int32()) }),
  ),
  projected: Optional(
    Type.Object({
      sources: Optional(
        Type.Array(
          Type.Object({
            secret: Optional(OpaqueObject()),
            configMap: Optional(OpaqueObject()),
            downwardAPI: Optional(Type.Object({ items: Optional(Type.Array(downwardItem)) })),
            serviceAccountToken: Optional(
              Type.Object({ audience: Optional(Str()), expirationSeconds: Optional(Int64()), path: Str() }),
            ),
          }),
        ),
      ),
      defaultMode: Optional(Int32()),
    }),
  ),
  persistentVolumeClaim: Optional(Type.Object({ claimName: Str(), readOnly: Optional(Type.Boolean()) })),
  // Any other volume source (nfs, csi, ephemeral…) is carried through untouched.
});
export type Volume = Static<typeof Volume>;

export const NodeSelectorRequirement = Type.Object({
  key: Str(),
  operator: Str(),
  values: Optional(Type.Array(Str())),
});
export type NodeSelectorRequirement = Static<typeof NodeSelectorRequirement>;

export const NodeSelectorTerm = Type.Object({
  matchExpressions: Optional(Type.Array(NodeSelectorRequirement)),
  matchFields: Optional(Type.Array(NodeSelectorRequirement)),
});
export type NodeSelectorTerm = Static<typeof NodeSelectorTerm>;

export const NodeSelector = Type.Object({ nodeSelectorTerms: Type.Array(NodeSelectorTerm) });
export type NodeSelector = Static<typeof NodeSelector>;

/** Node affinity is typed (BroadcastJob pins pods to nodes with it); pod (anti-)affinity passes through. */
export const Affinity = Type.Object({
  nodeAffinity: Optional(
    Type.Object({
      requiredDuringSchedulingIgnoredDuringExecution: Optional(NodeSelector),
      preferredDuringSchedulingIgnoredDuringExecution: Optional(Type.Array(OpaqueObject())),
    }),
  ),
  podAffinity: Optional(OpaqueObject()),
  podAntiAffinity: Optional(OpaqueObject()),
});
export type Affinity = Static<typeof Affinity>;

export const Toleration = Type.Object({
  key: Optional(Str()),
  operator: Optional(Str()),
  value: Optional(Str()),
  effect: Optional(Str()),
  tolerationSeconds: Optional(Int64()),
});
export type Toleration = Static<typeof Toleration>;

export const PodSpec = Type.Object({
  containers: Type.Array(Container),
  initContainers: Optional(Type.Array(Container)),
  ephemeralContainers: Optional(Type.Array(Container)),
  volumes: Optional(Type.Array(Volume)),
  restartPolicy: Optional(Str()),
  terminationGracePeriodSeconds: Optional(Int64()),
  activeDeadlineSeconds: Optional(Int64()),
  dnsPolicy: Optional(Str()),
  nodeSelector: Optional(StringMap()),
  serviceAccountName: Optional(Str()),
  nodeName: Optional(Str()),
  hostNetwork: Optional(Type.Boolean()),
  hostPID: Optional(Type.Boolean()),
  hostIPC: Optional(Type.Boolean()),
  shareProcessNamespace: Optional(Type.Boolean()),
  securityContext: Optional(OpaqueObject()),
  imagePullSecrets: Optional(Type.Array(Type.Object({ name: Optional(Str()) }))),
  hostname: Optional(Str()),
  subdomain: Optional(Str()),
  affinity: Optional(Affinity),
  schedulerName: Optional(Str()),
  tolerations: Optional(Type.Array(Toleration)),
  priorityClassName: Optional(Str()),
  priority: Optional(Int32()),
  readinessGates: Optional(Type.Array(Type.Object({ conditionType: Str() }))),
  enableServiceLinks: Optional(Type.Boolean()),
  overhead: Optional(Type.Record(Str(), IntOrString())),
  topologySpreadConstraints: Optional(Type.Array(OpaqueObject())),
  hostUsers: Optional(Type.Boolean()),
  runtimeClassName: Optional(Str()),
  preemptionPolicy: Optional(Str()),
  schedulingGates: Optional(Type.Array(Type.Object({ name: Str() }))),
  resourceClaims: Optional(
    Type.Array(
      Type.Object({
        name: Str(),
        resourceClaimName: Optional(Str()),
        resourceClaimTemplateName: Optional(Str()),
      }),
    ),
  ),
  dnsConfig: Optional(
    Type.Object({
      nameservers: Optional(Type.Array(Str())),
      searches: Optional(Type.Array(Str())),
      options: Optional(Type.Array(OpaqueObject())),
    }),
  ),
});
export type PodSpec = Static<typeof PodSpec>;

export const PodTemplateSpec = Type.Object({
  metadata: Optional(ObjectMeta),
  spec: Optional(PodSpec),
});
export type PodTemplateSpec = Static<typeof PodTemplateSpec>;

export const PersistentVolumeClaim = Type.Object({
  apiVersion: Optional(Str()),
  kind: Optional(Str()),
  metadata: Optional(ObjectMeta),
  spec: Optional(
    Type.Object({
      accessModes: Optional(Type.Array(Str())),
      selector: Optional(LabelSelector),
      resources: Optional(ResourceRequirements),
      volumeName: Optional(Str()),
      storageClassName: Optional(Str()),
      volumeMode: Optional(Str()),
      dataSource: Optional(OpaqueObject()),
      dataSourceRef: Optional(OpaqueObject()),
    }),
  ),
  status: Optional(
    Type.Object({ phase: Optional(Str()), capacity: Optional(Type.Record(Str(), IntOrString())) }),
  ),
});
export type PersistentVolumeClaim = Static<typeof PersistentVolumeClaim>;

/** batch/v1 JobTemplateSpec: only the pod template is typed (kruise-ts defaults it). */
export const JobTemplateSpec = Type.Object({
  metadata: Optional(ObjectMeta),
  spec: Optional(
    Type.Object({
      template: PodTemplateSpec,
      parallelism: Optional(Int32()),
      completions: Optional(Int32()),
      backoffLimit: Optional(Int32()),
      activeDeadlineSeconds: Optional(Int64()),
      ttlSecondsAfterFinished: Optional(Int32()),
      suspend: Optional(Type.Boolean()),
    }),
  ),
});
export type JobTemplateSpec = Static<typeof JobTemplateSpec>;
