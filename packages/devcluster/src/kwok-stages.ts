// The fake kubelet's behaviour, as kwok Stage documents written for this project.
// kwok re-evaluates every stage selector on each pod/node event; a matching stage patches status.
// What the stages model (as a kubelet would):
//  - nodes become Ready;
//  - a scheduled Pending pod starts: containers running with image, imageID and containerID; Ready only
//    when every readinessGate condition is True (gates themselves are left for controllers to set);
//  - a Running pod whose Ready disagrees with its gates/ContainersReady gets Ready corrected;
//  - a container whose spec image changed is restarted in place: new imageID, restartCount + 1;
//  - the containers a restart request names (annotation kruise-ts.dev/restart-containers, written by the in-place
//    update when labels/annotations they read through env change — packages/inplace env-from-metadata.ts) are
//    restarted: restartCount + 1, new containerID; the request is copied to kruise-ts.dev/restarted-containers and
//    apps.kruise.io/runtime-containers-meta is written, as kruise-daemon reports its restarts;
//  - container resources changed through the pod resize subresource are applied: containerStatuses[].resources and
//    allocatedResources follow the spec — unless the pod carries kruise-ts.dev/resize-outcome=infeasible, when
//    condition PodResizePending (reason Infeasible) is set instead, as the kubelet does for a resize it cannot fit;
//  - pods owned by a Job or a BroadcastJob complete: Succeeded, or Failed (exit code 1) when the pod carries the
//    annotation kruise-ts.dev/job-outcome=failed, so tests can make job pods fail deterministically; any other
//    value of that annotation (e.g. `running`) matches neither end, and the pod keeps running;
//  - a pod with a deletionTimestamp is removed.

/**
 * One kwok Stage document. `match` items are matchExpressions entries (flow maps, one line each); `next` is the
 * stage's `next` body, indented relative to `next:`.
 */
function stage(o: {
  name: string;
  kind?: 'Pod' | 'Node';
  match: readonly string[];
  delayMs?: number;
  next: string;
}): string {
  const indent = (text: string, by: string) =>
    text
      .trim()
      .split('\n')
      .map((line) => (line === '' ? line : `${by}${line}`))
      .join('\n');
  return [
    'apiVersion: kwok.x-k8s.io/v1alpha1',
    'kind: Stage',
    'metadata:',
    `  name: ${o.name}`,
    'spec:',
    `  resourceRef: {apiGroup: v1, kind: ${o.kind ?? 'Pod'}}`,
    '  selector:',
    '    matchExpressions:',
    ...o.match.map((m) => `    - ${m}`),
    ...(o.delayMs === undefined ? [] : ['  delay:', `    durationMilliseconds: ${o.delayMs}`]),
    '  next:',
    indent(o.next, '    '),
  ].join('\n');
}

// The selector terms most stages share.
const notDeleting = "{key: '.metadata.deletionTimestamp', operator: DoesNotExist}";
const inPhase = (phase: string) => `{key: '.status.phase', operator: In, values: ['${phase}']}`;
const notReady = `{key: '.status.conditions.[] | select( .type == "Ready" ) | .status', operator: NotIn, values: ['True']}`;
/** A jq expression that must evaluate to true (or false). */
const isTrue = (jq: string) => `{key: '${jq}', operator: In, values: ['true']}`;
const isFalse = (jq: string) => `{key: '${jq}', operator: In, values: ['false']}`;

/** imageID the fake kubelet reports: deterministic per image, so a changed image yields a changed ID. */
const imageIdTemplate = '{{ printf "kwok://sha256:%s" (.image | sha256sum) | Quote }}';

// jq: "the pod should be Ready" = ContainersReady is True and every readiness gate condition is True.
const jqTrueTypes = '[.status.conditions[]? | select(.status == "True") | .type]';
const jqShouldBeReady =
  `([.spec.readinessGates[]?.conditionType] as $gates | ${jqTrueTypes} as $t ` +
  '| (($gates - $t) | length == 0) and ($t | any(. == "ContainersReady")))';
const jqIsReady = `(${jqTrueTypes} | any(. == "Ready"))`;

// Go template: sets $gatesOK to whether every readiness gate condition is True.
const gatesOkTemplate = `
{{ $root := . }}
{{ $gatesOK := true }}
{{ range .spec.readinessGates }}
  {{ $gate := .conditionType }}
  {{ $ok := false }}
  {{ range $root.status.conditions }}{{ if and (eq .type $gate) (eq .status "True") }}{{ $ok = true }}{{ end }}{{ end }}
  {{ if not $ok }}{{ $gatesOK = false }}{{ end }}
{{ end }}`;

const nodeInitialize = stage({
  name: 'kruise-ts-node-initialize',
  kind: 'Node',
  match: [notReady],
  next: `
statusTemplate: |
  {{ $now := Now }}
  conditions:
  {{ range NodeConditions }}
  - lastHeartbeatTime: {{ $now | Quote }}
    lastTransitionTime: {{ $now | Quote }}
    message: {{ .message | Quote }}
    reason: {{ .reason | Quote }}
    status: {{ .status | Quote }}
    type: {{ .type | Quote }}
  {{ end }}
  addresses:
  - address: {{ NodeIP | Quote }}
    type: InternalIP
  - address: {{ NodeName | Quote }}
    type: Hostname
  allocatable: {cpu: 1k, memory: 1Ti, pods: 1M}
  capacity: {cpu: 1k, memory: 1Ti, pods: 1M}
  nodeInfo:
    architecture: amd64
    operatingSystem: linux
    kubeletVersion: {{ printf "fake-kwok-%s" Version | Quote }}
    kubeProxyVersion: {{ printf "fake-kwok-%s" Version | Quote }}
  phase: Running
`,
});

const podStart = stage({
  name: 'kruise-ts-pod-start',
  match: [notDeleting, inPhase('Pending'), notReady],
  next: `
statusTemplate: |
  {{ $now := Now }}
  ${gatesOkTemplate.trim().split('\n').join('\n  ')}
  conditions:
  - {type: Initialized, status: "True", lastTransitionTime: {{ $now | Quote }}}
  - {type: ContainersReady, status: "True", lastTransitionTime: {{ $now | Quote }}}
  - type: Ready
    status: {{ if $gatesOK }}"True"{{ else }}"False"{{ end }}
    lastTransitionTime: {{ $now | Quote }}
    {{ if not $gatesOK }}reason: ReadinessGatesNotReady{{ end }}
  containerStatuses:
  {{ range .spec.containers }}
  - name: {{ .name | Quote }}
    image: {{ .image | Quote }}
    imageID: ${imageIdTemplate}
    containerID: {{ printf "kwok://%s-%s" .name ($root.metadata.uid | default "x" | trunc 8) | Quote }}
    ready: true
    started: true
    restartCount: 0
    state: {running: {startedAt: {{ $now | Quote }}}}
  {{ end }}
  initContainerStatuses:
  {{ range .spec.initContainers }}
  - name: {{ .name | Quote }}
    image: {{ .image | Quote }}
    imageID: ${imageIdTemplate}
    ready: true
    restartCount: 0
    state: {terminated: {exitCode: 0, reason: Completed, startedAt: {{ $now | Quote }}, finishedAt: {{ $now | Quote }}}}
  {{ end }}
  {{ with NodeIPsWith $root.spec.nodeName }}
  hostIP: {{ index . 0 | Quote }}
  hostIPs:
  {{ range . }}
  - ip: {{ . | Quote }}
  {{ end }}
  {{ end }}
  {{ with PodIPsWith $root.spec.nodeName ( or $root.spec.hostNetwork false ) ( or $root.metadata.uid "" ) ( or $root.metadata.name "" ) ( or $root.metadata.namespace "" ) }}
  podIP: {{ index . 0 | Quote }}
  podIPs:
  {{ range . }}
  - ip: {{ . | Quote }}
  {{ end }}
  {{ end }}
  phase: Running
  startTime: {{ $now | Quote }}
`,
});

const podReadiness = stage({
  name: 'kruise-ts-pod-readiness',
  match: [notDeleting, inPhase('Running'), isTrue(`${jqShouldBeReady} != ${jqIsReady}`)],
  next: `
statusTemplate: |
  {{ $now := Now }}
  ${gatesOkTemplate.trim().split('\n').join('\n  ')}
  {{ $containersReady := false }}
  {{ range .status.conditions }}{{ if and (eq .type "ContainersReady") (eq .status "True") }}{{ $containersReady = true }}{{ end }}{{ end }}
  conditions:
  - type: Ready
    status: {{ if and $gatesOK $containersReady }}"True"{{ else }}"False"{{ end }}
    lastTransitionTime: {{ $now | Quote }}
    reason: {{ if not $containersReady }}"ContainersNotReady"{{ else if not $gatesOK }}"ReadinessGatesNotReady"{{ else }}""{{ end }}
`,
});

const podImageChanged = stage({
  name: 'kruise-ts-pod-image-changed',
  match: [
    notDeleting,
    inPhase('Running'),
    isFalse(
      `([.spec.containers[] | {name, image}] | sort_by(.name)) == ([.status.containerStatuses[]? | {name, image}] | sort_by(.name))`,
    ),
  ],
  next: `
statusTemplate: |
  {{ $now := Now }}
  {{ $root := . }}
  containerStatuses:
  {{ range .spec.containers }}
  {{ $spec := . }}
  {{ $old := dict }}
  {{ range $root.status.containerStatuses }}{{ if eq .name $spec.name }}{{ $old = . }}{{ end }}{{ end }}
  {{ if and $old (eq ($old.image | default "") $spec.image) }}
  - {{ YAML $old 1 | trim }}
  {{ else }}
  - name: {{ $spec.name | Quote }}
    image: {{ $spec.image | Quote }}
    imageID: {{ printf "kwok://sha256:%s" ($spec.image | sha256sum) | Quote }}
    containerID: {{ printf "kwok://%s-%s" $spec.name (sha256sum $now | trunc 8) | Quote }}
    ready: true
    started: true
    restartCount: {{ if $old }}{{ add1 ($old.restartCount | default 0) }}{{ else }}0{{ end }}
    state: {running: {startedAt: {{ $now | Quote }}}}
  {{ end }}
  {{ end }}
`,
});

const restartKey = `'.metadata.annotations["kruise-ts.dev/restart-containers"]'`;

// kruise-daemon's part of an env-from-metadata in-place update: the request is "<c1>,<c2>;<revision>;<time>".
const podRestartContainers = stage({
  name: 'kruise-ts-pod-restart-containers',
  match: [
    notDeleting,
    inPhase('Running'),
    `{key: ${restartKey}, operator: Exists}`,
    isTrue(
      `.metadata.annotations["kruise-ts.dev/restart-containers"] != .metadata.annotations["kruise-ts.dev/restarted-containers"]`,
    ),
  ],
  next: `
patches:
# The report first: once it matches the request this stage no longer selects the pod, so the restart below
# happens once even if kwok sees the pod again in between.
- root: metadata
  template: |
    {{ $request := index .metadata.annotations "kruise-ts.dev/restart-containers" }}
    annotations:
      kruise-ts.dev/restarted-containers: {{ $request | Quote }}
      apps.kruise.io/runtime-containers-meta: {{ dict "containers" list | toJson | Quote }}
- subresource: status
  root: status
  template: |
    {{ $now := Now }}
    {{ $root := . }}
    {{ $request := index .metadata.annotations "kruise-ts.dev/restart-containers" }}
    {{ $names := splitList "," (first (splitList ";" $request)) }}
    containerStatuses:
    {{ range .status.containerStatuses }}
    {{ if has .name $names }}
    {{ $restarted := omit . "containerID" "restartCount" "state" "lastState" }}
    - {{ YAML $restarted 1 | trim }}
      containerID: {{ printf "kwok://%s-%s" .name (sha256sum (printf "%s%s" $now $request) | trunc 8) | Quote }}
      restartCount: {{ add1 (.restartCount | default 0) }}
      state: {running: {startedAt: {{ $now | Quote }}}}
      lastState: {terminated: {exitCode: 0, reason: Completed, finishedAt: {{ $now | Quote }}}}
    {{ else }}
    - {{ YAML . 1 | trim }}
    {{ end }}
    {{ end }}
`,
});

// The kubelet's part of an in-place resize (InPlacePodVerticalScaling, GA in 1.35): report what the spec asks.
const jqResourcesMatch =
  '([.spec.containers[] | {name, r: (.resources // {})}] | sort_by(.name)) == ' +
  '([.status.containerStatuses[]? | {name, r: (.resources // {})}] | sort_by(.name))';
const resizeOutcomeKey = `'.metadata.annotations["kruise-ts.dev/resize-outcome"]'`;
// The apiserver refuses a resize of a pod whose kubelet never reported container resources ("Pod running on node
// without support for resize"), so the first report is made for every pod; later ones only without the
// infeasible outcome.
const jqResourcesReported = '([.status.containerStatuses[]? | select(.resources != null)] | length > 0)';
const jqResizeApplies = `((.metadata.annotations["kruise-ts.dev/resize-outcome"] // "") != "infeasible") or (${jqResourcesReported} | not)`;
const podResize = stage({
  name: 'kruise-ts-pod-resize',
  match: [
    notDeleting,
    inPhase('Running'),
    isTrue(`.status.containerStatuses | length > 0`),
    isTrue(`${jqResizeApplies}`),
    isFalse(jqResourcesMatch),
  ],
  next: `
patches:
- subresource: status
  root: status
  template: |
    {{ $root := . }}
    containerStatuses:
    {{ range .status.containerStatuses }}
    {{ $status := . }}
    {{ $spec := dict }}
    {{ range $root.spec.containers }}{{ if eq .name $status.name }}{{ $spec = . }}{{ end }}{{ end }}
    {{ $resized := omit $status "resources" "allocatedResources" }}
    - {{ YAML $resized 1 | trim }}
      {{ with $spec.resources }}
      resources: {{ toJson . }}
      {{ with .requests }}
      allocatedResources: {{ toJson . }}
      {{ end }}
      {{ end }}
    {{ end }}
`,
});

const podResizeInfeasible = stage({
  name: 'kruise-ts-pod-resize-infeasible',
  match: [
    notDeleting,
    inPhase('Running'),
    `{key: ${resizeOutcomeKey}, operator: In, values: ['infeasible']}`,
    isTrue(jqResourcesReported),
    isFalse(jqResourcesMatch),
    isTrue(`[.status.conditions[]? | select(.type == "PodResizePending")] | length == 0`),
  ],
  next: `
patches:
- subresource: status
  root: status
  template: |
    conditions:
    - type: PodResizePending
      status: "True"
      reason: Infeasible
      message: "Node didn't have enough capacity"
      lastTransitionTime: {{ Now | Quote }}
`,
});

// A job pod's end, a second after it runs: how it ends is chosen by the kruise-ts.dev/job-outcome annotation.
function jobPodEnd(o: {
  name: string;
  outcome: string;
  phase: string;
  exitCode: number;
  reason: string;
}): string {
  return stage({
    name: o.name,
    match: [
      notDeleting,
      inPhase('Running'),
      `{key: '.metadata.ownerReferences.[].kind', operator: In, values: ['Job', 'BroadcastJob']}`,
      o.outcome,
    ],
    delayMs: 1000,
    next: `
statusTemplate: |
  {{ $now := Now }}
  conditions:
  - {type: Ready, status: "False", reason: Pod${o.phase}, lastTransitionTime: {{ $now | Quote }}}
  - {type: ContainersReady, status: "False", reason: Pod${o.phase}, lastTransitionTime: {{ $now | Quote }}}
  containerStatuses:
  {{ range .spec.containers }}
  - name: {{ .name | Quote }}
    image: {{ .image | Quote }}
    imageID: ${imageIdTemplate}
    ready: false
    started: false
    restartCount: 0
    state: {terminated: {exitCode: ${o.exitCode}, reason: ${o.reason}, startedAt: {{ $now | Quote }}, finishedAt: {{ $now | Quote }}}}
  {{ end }}
  phase: ${o.phase}
`,
  });
}

const outcomeKey = `'.metadata.annotations["kruise-ts.dev/job-outcome"]'`;
const podComplete = jobPodEnd({
  name: 'kruise-ts-pod-complete',
  outcome: `{key: ${outcomeKey}, operator: DoesNotExist}`,
  phase: 'Succeeded',
  exitCode: 0,
  reason: 'Completed',
});
const podFail = jobPodEnd({
  name: 'kruise-ts-pod-fail',
  outcome: `{key: ${outcomeKey}, operator: In, values: ['failed']}`,
  phase: 'Failed',
  exitCode: 1,
  reason: 'Error',
});

const podDelete = stage({
  name: 'kruise-ts-pod-delete',
  match: [`{key: '.metadata.deletionTimestamp', operator: Exists}`],
  next: `
delete: true
`,
});

/** The kwok --config file: all stages as one multi-document YAML. */
export function kwokConfigYaml(): string {
  return [
    nodeInitialize,
    podStart,
    podReadiness,
    podImageChanged,
    podRestartContainers,
    podResize,
    podResizeInfeasible,
    podComplete,
    podFail,
    podDelete,
  ]
    .map((doc) => doc.trim())
    .join('\n---\n')
    .concat('\n');
}
