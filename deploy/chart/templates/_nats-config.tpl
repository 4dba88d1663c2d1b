{{/* nats-server configuration of the bundled cluster (also usable by a local nats-server). */}}
{{- define "kruise-ts.natsConfig" -}}
{{- $b := .Values.nats.bundled -}}
{{- $name := printf "%s-nats" (include "kruise-ts.prefix" .) -}}
listen: 0.0.0.0:4222
http: 0.0.0.0:8222
server_name: $POD_NAME
jetstream {
  store_dir: /data/jetstream
  max_memory_store: {{ $b.maxMemoryStore }}
  max_file_store: {{ $b.maxFileStore }}
}
{{- if gt (int $b.replicas) 1 }}
cluster {
  name: {{ $name }}
  listen: 0.0.0.0:6222
  routes: [
    {{- range $i := until (int $b.replicas) }}
    nats://{{ $name }}-{{ $i }}.{{ $name }}-headless.{{ $.Release.Namespace }}.svc:6222
    {{- end }}
  ]
}
{{- end }}
lame_duck_duration: 30s
{{- if .Values.nats.auth.enabled }}
{{ include "kruise-ts.natsAuthorization" . }}
{{- end }}
{{- if .Values.nats.tls.enabled }}
tls {
  cert_file: /etc/nats/tls/tls.crt
  key_file: /etc/nats/tls/tls.key
  ca_file: /etc/nats/tls/ca.crt
  timeout: 5
}
{{- end }}
{{- end -}}
