{{/* Prefix of every namespaced and cluster-scoped object this release creates. */}}
{{- define "kruise-ts.prefix" -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}

{{- define "kruise-ts.labels" -}}
app.kubernetes.io/part-of: kruise-ts
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* Selector labels of one service's pods: (dict "root" $ "name" "watcher") */}}
{{- define "kruise-ts.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{/* The service's object name, e.g. kruise-ts-watcher. */}}
{{- define "kruise-ts.serviceName" -}}
{{- printf "%s-%s" (include "kruise-ts.prefix" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "kruise-ts.natsUrl" -}}
{{- if eq .Values.nats.mode "bundled" -}}
{{- printf "nats://%s-nats.%s.svc:4222" (include "kruise-ts.prefix" .) .Release.Namespace -}}
{{- else -}}
{{- .Values.nats.url -}}
{{- end -}}
{{- end -}}

{{- define "kruise-ts.image" -}}
{{- $img := .svc.image | default dict -}}
{{- $repo := $img.repository | default (printf "%s/%s" .root.Values.image.repositoryPrefix .name) -}}
{{- $tag := $img.tag | default .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- printf "%s:%s" $repo $tag -}}
{{- end -}}

{{/* Services that are workload controllers (partitioned, with workers and feature gates). */}}
{{- define "kruise-ts.isController" -}}
{{- if has .name (list "cloneset-controller" "statefulset-controller" "sidecarset-controller" "broadcastjob-controller" "advancedcronjob-controller" "revision-gc") -}}true{{- end -}}
{{- end -}}

{{/* The environment a service reads: (dict "root" $ "name" <service> "svc" <values>) */}}
{{- define "kruise-ts.env" -}}
{{- $v := .root.Values -}}
- name: POD_NAME
  valueFrom: { fieldRef: { fieldPath: metadata.name } }
- name: POD_NAMESPACE
  valueFrom: { fieldRef: { fieldPath: metadata.namespace } }
- name: KRUISE_TS_NATS_URL
  value: {{ include "kruise-ts.natsUrl" .root | quote }}
{{- if $v.nats.auth.enabled }}
- name: KRUISE_TS_NATS_USER
  value: {{ .name | quote }}
- name: KRUISE_TS_NATS_PASSWORD_FILE
  value: /var/run/kruise-ts/nats/password
- name: KRUISE_TS_NATS_INBOX_PREFIX
  value: {{ printf "_INBOX.%s" .name | quote }}
{{- end }}
{{- if $v.nats.tls.enabled }}
- name: KRUISE_TS_NATS_TLS_CA_FILE
  value: /var/run/kruise-ts/nats-tls/ca.crt
{{- end }}
- name: KRUISE_TS_BUS_PREFIX
  value: {{ $v.busPrefix | quote }}
- name: KRUISE_TS_PARTITIONS
  value: {{ $v.partitions | quote }}
- name: KRUISE_TS_STREAM_REPLICAS
  value: {{ $v.nats.streamReplicas | quote }}
- name: KRUISE_TS_OBJECT_STORAGE
  value: {{ $v.nats.objectStorage | quote }}
- name: KRUISE_TS_HTTP_HOST
  value: {{ $v.http.host | quote }}
- name: KRUISE_TS_HTTP_PORT
  value: {{ include "kruise-ts.httpPort" . | quote }}
- name: KRUISE_TS_LOG_LEVEL
  value: {{ $v.logLevel | quote }}
- name: KRUISE_TS_KUBE_QPS
  value: {{ $v.kube.qps | quote }}
- name: KRUISE_TS_KUBE_BURST
  value: {{ $v.kube.burst | quote }}
- name: OTEL_SERVICE_NAME
  value: {{ .name | quote }}
{{- if $v.otlp.endpoint }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ $v.otlp.endpoint | quote }}
{{- else }}
- name: OTEL_SDK_DISABLED
  value: "true"
{{- end }}
{{- if include "kruise-ts.isController" . }}
- name: KRUISE_TS_WORKERS
  value: {{ .svc.workers | default 4 | quote }}
- name: KRUISE_TS_FEATURE_GATES
  value: {{ $v.featureGates | quote }}
{{- end }}
{{- if or (eq .name "webhook-server") (eq .name "sidecarset-controller") }}
- name: KRUISE_TS_CONTAINER_LAUNCH_PRIORITY
  value: {{ $v.containerLaunchPriority | quote }}
{{- end }}
{{- if eq .name "webhook-server" }}
- name: WEBHOOK_BIND_HOST
  value: {{ $v.webhook.bindHost | quote }}
- name: WEBHOOK_PORT
  value: {{ $v.webhook.port | quote }}
- name: SECRET_NAME
  value: {{ $v.webhook.secretName | quote }}
{{- end }}
{{- if eq .name "cert-manager" }}
- name: SERVICE_NAME
  value: {{ $v.webhook.serviceName | quote }}
- name: SECRET_NAME
  value: {{ $v.webhook.secretName | quote }}
- name: MUTATING_WEBHOOK_CONFIGURATION
  value: {{ $v.webhook.mutatingConfigurationName | quote }}
- name: VALIDATING_WEBHOOK_CONFIGURATION
  value: {{ $v.webhook.validatingConfigurationName | quote }}
- name: CRD_NAMES
  value: {{ include "kruise-ts.crdNames" . | quote }}
- name: CERT_MODE
  value: {{ $v.webhook.certMode | quote }}
- name: LEASE_NAME
  value: {{ include "kruise-ts.certManagerLease" .root | quote }}
{{- end }}
{{- range $e := (.svc.extraEnv | default list) }}
- {{ toYaml $e | nindent 2 | trim }}
{{- end }}
{{- end -}}

{{- define "kruise-ts.crdNames" -}}
clonesets.apps.kruise.io,statefulsets.apps.kruise.io,sidecarsets.apps.kruise.io,broadcastjobs.apps.kruise.io,advancedcronjobs.apps.kruise.io
{{- end -}}

{{- define "kruise-ts.certManagerLease" -}}
{{- printf "%s-cert-manager" (include "kruise-ts.prefix" .) -}}
{{- end -}}

{{/* namespaceSelector of every webhook: never kube-system, kube-public, kube-node-lease, the release's own. */}}
{{/* (dict "root" $ "pod" true|false): the pod webhook also honours the namespace opt-out label. */}}
{{- define "kruise-ts.webhookNamespaceSelector" -}}
{{- $v := .root.Values -}}
matchExpressions:
  - key: control-plane
    operator: DoesNotExist
  - key: kubernetes.io/metadata.name
    operator: NotIn
    values:
      {{- toYaml (concat (list "kube-system" "kube-public" "kube-node-lease" .root.Release.Namespace) $v.webhook.excludedNamespaces | uniq) | nindent 6 }}
{{- if .pod }}
  - key: kruise.io/pod-webhook
    operator: NotIn
    values: [disabled]
{{- end }}
{{- end -}}

{{/*
  A service's settings over the defaults, key by key. Sprig's merge treats false as unset, so a service could
  not turn off what the defaults turn on.
*/}}
{{- define "kruise-ts.override" -}}
{{- $out := deepCopy (.base | default dict) -}}
{{- range $k, $v := (.over | default dict) }}{{ $_ := set $out $k $v }}{{ end -}}
{{- toYaml $out -}}
{{- end -}}

{{/* The health/metrics port of one service: (dict "root" $ "svc" <values>) */}}
{{- define "kruise-ts.httpPort" -}}
{{- .svc.httpPort | default .root.Values.http.port -}}
{{- end -}}

{{/* clientConfig of a webhook or conversion endpoint at `path`: the URL in URL mode, else the Service. */}}
{{- define "kruise-ts.webhookClientConfig" -}}
{{- $v := .root.Values.webhook -}}
{{- if $v.url -}}
url: {{ printf "%s%s" (trimSuffix "/" $v.url) .path | quote }}
{{- else -}}
service:
  namespace: {{ .root.Release.Namespace }}
  name: {{ $v.serviceName }}
  path: {{ .path }}
  port: 443
{{- end -}}
{{- end -}}
