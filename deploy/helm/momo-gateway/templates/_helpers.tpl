{{/* Labels every object carries. */}}
{{- define "momo.labels" -}}
app.kubernetes.io/part-of: momo-gateway
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Selector of one service's pods: (dict "root" $ "name" $name). */}}
{{- define "momo.selector" -}}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/name: {{ .name }}
{{- end -}}

{{/* The image of one service: its own repository/tag when set, else the chart-wide ones. */}}
{{- define "momo.image" -}}
{{- $repository := .svc.image.repository | default .root.Values.image.repository -}}
{{- $tag := .svc.image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}

{{/* Environment from the Secret, key by key (only the keys this service reads). */}}
{{- define "momo.secretEnv" -}}
{{- range .keys }}
- name: {{ . }}
  valueFrom: { secretKeyRef: { name: {{ $.secret }}, key: {{ . }} } }
{{- end }}
{{- end -}}

{{/* Egress every pod of the release needs: DNS, Postgres, Redis. */}}
{{- define "momo.baseEgress" -}}
- ports: [{ protocol: UDP, port: 53 }, { protocol: TCP, port: 53 }]
- to: {{ toJson .Values.networkPolicy.postgres.to }}
  ports: [{ protocol: TCP, port: {{ .Values.networkPolicy.postgres.port }} }]
- to: {{ toJson .Values.networkPolicy.redis.to }}
  ports: [{ protocol: TCP, port: {{ .Values.networkPolicy.redis.port }} }]
{{- end -}}
