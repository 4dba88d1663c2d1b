{{/*
  NATS identities and what each may do on the bus (packages/bus: subjects.ts, topology.ts; the lease KV in
  packages/runtime/src/partitions/lease-manager.ts). Allow-lists: anything not listed is refused by the server.
  - only the watcher publishes object subjects (<prefix>.objects.>);
  - a controller publishes only its own event types and writes only its own lease keys ($KV.<bucket>.<name>.>);
  - webhook-server only reads;
  - every service may store the cluster-wide bus settings record once (the first to start does); only the
    watcher writes list markers (<prefix>_lists).
  Every service declares the streams at start (idempotent), reads them through consumers and direct gets, and
  receives replies on its own inbox prefix (_INBOX.<service>.>, set with KRUISE_TS_NATS_INBOX_PREFIX), so one
  identity cannot read another's replies.
*/}}
{{- define "kruise-ts.natsNames" -}}
{{- $p := .Values.busPrefix -}}
{{- $stem := $p | upper | replace "-" "_" -}}
{{- $bucket := printf "%s_leases" ($p | replace "-" "_") -}}
{{- $settings := printf "%s_bus" ($p | replace "-" "_") -}}
{{- $lists := printf "%s_lists" ($p | replace "-" "_") -}}
objects: {{ printf "%s_OBJECTS" $stem }}
events: {{ printf "%s_EVENTS" $stem }}
kvStream: {{ printf "KV_%s" $bucket }}
bucket: {{ $bucket }}
settingsStream: {{ printf "KV_%s" $settings }}
settingsBucket: {{ $settings }}
listsStream: {{ printf "KV_%s" $lists }}
listsBucket: {{ $lists }}
objectSubjects: {{ printf "%s.objects.>" $p | quote }}
eventRoot: {{ printf "%s.events" $p }}
{{- end -}}

{{/* Per service: event types it publishes and controller names whose lease keys it writes. */}}
{{- define "kruise-ts.natsRoles" -}}
watcher: { publishesObjects: true, events: [], leases: [] }
webhook-server: { events: [], leases: [] }
cert-manager: { events: [CertificateRotated], leases: [] }
cloneset-controller: { events: [RevisionCreated, RolloutProgress], leases: [cloneset] }
statefulset-controller: { events: [RolloutProgress], leases: [statefulset] }
sidecarset-controller: { events: [], leases: [sidecarset, sidecarset-leader] }
broadcastjob-controller: { events: [], leases: [broadcastjob] }
advancedcronjob-controller: { events: [], leases: [advancedcronjob] }
revision-gc: { events: [], leases: [revision-gc-cloneset, revision-gc-statefulset] }
{{- end -}}

{{/* The publish allow-list of one service: (dict "root" $ "name" <service>) */}}
{{- define "kruise-ts.natsPublish" -}}
{{- $n := include "kruise-ts.natsNames" .root | fromYaml -}}
{{- $role := get (include "kruise-ts.natsRoles" .root | fromYaml) .name -}}
{{- $streams := list $n.objects $n.events $n.kvStream $n.settingsStream $n.listsStream -}}
{{- $subjects := list "$JS.API.INFO" -}}
{{- range $s := $streams }}
{{- $subjects = concat $subjects (list
  (printf "$JS.API.STREAM.INFO.%s" $s)
  (printf "$JS.API.STREAM.CREATE.%s" $s)
  (printf "$JS.API.STREAM.UPDATE.%s" $s)
  (printf "$JS.API.STREAM.MSG.GET.%s" $s)
  (printf "$JS.API.DIRECT.GET.%s" $s)
  (printf "$JS.API.DIRECT.GET.%s.>" $s)
  (printf "$JS.API.CONSUMER.CREATE.%s" $s)
  (printf "$JS.API.CONSUMER.CREATE.%s.>" $s)
  (printf "$JS.API.CONSUMER.DURABLE.CREATE.%s.>" $s)
  (printf "$JS.API.CONSUMER.INFO.%s.>" $s)
  (printf "$JS.API.CONSUMER.DELETE.%s.>" $s)
  (printf "$JS.API.CONSUMER.MSG.NEXT.%s.>" $s)
  (printf "$JS.ACK.%s.>" $s)
  (printf "$JS.FC.%s.>" $s)) }}
{{- end }}
{{- /* The cluster-wide bus settings record: whichever process starts first stores it, the rest compare. */ -}}
{{- $subjects = append $subjects (printf "$KV.%s.settings" $n.settingsBucket) }}
{{- if $role.publishesObjects }}
{{- $subjects = append $subjects $n.objectSubjects }}
{{- /* Only the watcher marks a kind's list as published (HasSynced over the bus). */ -}}
{{- $subjects = append $subjects (printf "$KV.%s.>" $n.listsBucket) }}
{{- end }}
{{- range $t := $role.events }}
{{- $subjects = append $subjects (printf "%s.%s.>" $n.eventRoot $t) }}
{{- end }}
{{- range $c := $role.leases }}
{{- $subjects = append $subjects (printf "$KV.%s.%s.>" $n.bucket $c) }}
{{- end }}
{{- /* nats.conf strings: quoted, not JSON (its parser does not read \u escapes such as toJson's for '>'). */ -}}
[{{ range $i, $s := $subjects }}{{ if $i }}, {{ end }}{{ $s | quote }}{{ end }}]
{{- end -}}

{{/* authorization block of nats.conf; passwords come from the environment ($KRUISE_TS_NATS_PASSWORD_<SERVICE>). */}}
{{- define "kruise-ts.natsAuthorization" -}}
authorization {
  users = [
{{- range $name := keys (include "kruise-ts.natsRoles" . | fromYaml) | sortAlpha }}
    {
      user: {{ $name | quote }}
      password: ${{ include "kruise-ts.natsPasswordVar" $name }}
      permissions: {
        publish: { allow: {{ include "kruise-ts.natsPublish" (dict "root" $ "name" $name) }} }
        subscribe: { allow: [{{ printf "_INBOX.%s.>" $name | quote }}] }
      }
    }
{{- end }}
  ]
}
{{- end -}}

{{- define "kruise-ts.natsPasswordVar" -}}
{{- printf "KRUISE_TS_NATS_PASSWORD_%s" (. | upper | replace "-" "_") -}}
{{- end -}}

{{- define "kruise-ts.natsAuthSecret" -}}
{{- .Values.nats.auth.existingSecret | default (printf "%s-nats-auth" (include "kruise-ts.prefix" .)) -}}
{{- end -}}
