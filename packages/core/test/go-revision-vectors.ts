// ControllerRevision data and names computed by a Go program that decodes each template into the real
// corev1.PodTemplateSpec (sigs.k8s.io/json, as the informer does), encodes it, re-decodes it into a generic map and
// marshals {"spec":{"template":{"$patch":"replace",…}}} exactly like Kruise's CloneSet revision control, then hashes
// it like k8s history.HashControllerRevision. Default layout: k8s.io/api + apimachinery v0.32.10 (Kruise's pins);
// vectors with apiMinor 36 were produced against v0.36.3. The program is not part of this repo.

export interface RevisionVector {
  name: string;
  parent: string;
  /** Absent = nil pointer (the count's digits are not hashed). */
  collisionCount?: number;
  apiMinor?: number;
  /** The template as JSON text, as it would arrive from the apiserver. */
  template: string;
  data: string;
  revisionName: string;
}

export const GO_REVISION_VECTORS: readonly RevisionVector[] = [
  {
    name: 'mandatory sample',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"sample"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.22-alpine"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"sample"}},"spec":{"containers":[{"image":"nginx:1.22-alpine","name":"nginx","resources":{}}]}}}}',
    revisionName: 'sample-66bf7df478',
  },
  {
    name: 'collision count 1',
    parent: 'sample',
    collisionCount: 1,
    template:
      '{"metadata":{"labels":{"app":"sample"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.22-alpine"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"sample"}},"spec":{"containers":[{"image":"nginx:1.22-alpine","name":"nginx","resources":{}}]}}}}',
    revisionName: 'sample-66bf7df479',
  },
  {
    name: 'collision count 12',
    parent: 'sample',
    collisionCount: 12,
    template:
      '{"metadata":{"labels":{"app":"sample"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.22-alpine"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"sample"}},"spec":{"containers":[{"image":"nginx:1.22-alpine","name":"nginx","resources":{}}]}}}}',
    revisionName: 'sample-7bcd7f6cc5',
  },
  {
    name: 'collision count absent (nil pointer)',
    parent: 'sample',
    template:
      '{"metadata":{"labels":{"app":"sample"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.22-alpine"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"sample"}},"spec":{"containers":[{"image":"nginx:1.22-alpine","name":"nginx","resources":{}}]}}}}',
    revisionName: 'sample-b7894b67d',
  },
  {
    name: 'html escaping in labels, annotations, args and env',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"web"},"annotations":{"note":"a<b && c>d","html":"<script>alert(\'x\')</script>","amp":"Tom & Jerry"}},"spec":{"containers":[{"name":"app","image":"busybox","command":["sh","-c"],"args":["echo <hi> && sleep 1 > /dev/null"],"env":[{"name":"HTML","value":"<b>bold</b>"},{"name":"QUOTE","value":"say \\"hi\\" \\\\ back"}]}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"annotations":{"amp":"Tom \\u0026 Jerry","html":"\\u003cscript\\u003ealert(\'x\')\\u003c/script\\u003e","note":"a\\u003cb \\u0026\\u0026 c\\u003ed"},"creationTimestamp":null,"labels":{"app":"web"}},"spec":{"containers":[{"args":["echo \\u003chi\\u003e \\u0026\\u0026 sleep 1 \\u003e /dev/null"],"command":["sh","-c"],"env":[{"name":"HTML","value":"\\u003cb\\u003ebold\\u003c/b\\u003e"},{"name":"QUOTE","value":"say \\"hi\\" \\\\ back"}],"image":"busybox","name":"app","resources":{}}]}}}}',
    revisionName: 'sample-55588b8589',
  },
  {
    name: 'unicode, control characters and key order by UTF-8 bytes',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"uni"},"annotations":{"caf\\u00e9":"cr\\u00e8me br\\u00fbl\\u00e9e","emoji":"\\ud83d\\ude80 launch","cjk":"\\u4e2d\\u6587","line-sep":"a\\u2028b\\u2029c","ctrl":"tab\\tnl\\nbs\\bff\\fcr\\rone\\u0001del\\u007f","\\uffff":"bmp-max","\\ud83d\\ude00":"astral","z":"ascii-z","\\u00e9":"latin"}},"spec":{"containers":[{"name":"c","image":"img:\\u00e9"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"annotations":{"café":"crème brûlée","cjk":"中文","ctrl":"tab\\tnl\\nbs\\bff\\fcr\\rone\\u0001del\u007f","emoji":"🚀 launch","line-sep":"a\\u2028b\\u2029c","z":"ascii-z","é":"latin","￿":"bmp-max","😀":"astral"},"creationTimestamp":null,"labels":{"app":"uni"}},"spec":{"containers":[{"image":"img:é","name":"c","resources":{}}]}}}}',
    revisionName: 'sample-5c55799497',
  },
  {
    name: 'nested maps: nodeSelector, affinity, tolerations, topology spread',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"n","tier":"backend"}},"spec":{"nodeSelector":{"zone":"a","disk":"ssd"},"affinity":{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"kubernetes.io/os","operator":"In","values":["linux"]}]}]},"preferredDuringSchedulingIgnoredDuringExecution":[{"weight":10,"preference":{"matchExpressions":[{"key":"x","operator":"Exists"}]}}]},"podAntiAffinity":{"preferredDuringSchedulingIgnoredDuringExecution":[{"weight":100,"podAffinityTerm":{"labelSelector":{"matchLabels":{"app":"n"}},"topologyKey":"kubernetes.io/hostname"}}],"requiredDuringSchedulingIgnoredDuringExecution":[{"labelSelector":{"matchExpressions":[{"key":"app","operator":"In","values":["n"]}]}}]}},"tolerations":[{"key":"dedicated","operator":"Equal","value":"x","effect":"NoSchedule"},{"operator":"Exists","tolerationSeconds":300}],"topologySpreadConstraints":[{"maxSkew":1,"topologyKey":"zone","whenUnsatisfiable":"DoNotSchedule","labelSelector":{"matchLabels":{"app":"n"}}}],"containers":[{"name":"c","image":"img"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"n","tier":"backend"}},"spec":{"affinity":{"nodeAffinity":{"preferredDuringSchedulingIgnoredDuringExecution":[{"preference":{"matchExpressions":[{"key":"x","operator":"Exists"}]},"weight":10}],"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"kubernetes.io/os","operator":"In","values":["linux"]}]}]}},"podAntiAffinity":{"preferredDuringSchedulingIgnoredDuringExecution":[{"podAffinityTerm":{"labelSelector":{"matchLabels":{"app":"n"}},"topologyKey":"kubernetes.io/hostname"},"weight":100}],"requiredDuringSchedulingIgnoredDuringExecution":[{"labelSelector":{"matchExpressions":[{"key":"app","operator":"In","values":["n"]}]},"topologyKey":""}]}},"containers":[{"image":"img","name":"c","resources":{}}],"nodeSelector":{"disk":"ssd","zone":"a"},"tolerations":[{"effect":"NoSchedule","key":"dedicated","operator":"Equal","value":"x"},{"operator":"Exists","tolerationSeconds":300}],"topologySpreadConstraints":[{"labelSelector":{"matchLabels":{"app":"n"}},"maxSkew":1,"topologyKey":"zone","whenUnsatisfiable":"DoNotSchedule"}]}}}}',
    revisionName: 'sample-f7795b858',
  },
  {
    name: 'ports',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"p"}},"spec":{"containers":[{"name":"web","image":"nginx","ports":[{"containerPort":80},{"name":"https","containerPort":443,"protocol":"TCP","hostPort":0},{"containerPort":53,"protocol":"UDP","hostPort":5353,"hostIP":"127.0.0.1"},{}]}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"p"}},"spec":{"containers":[{"image":"nginx","name":"web","ports":[{"containerPort":80},{"containerPort":443,"name":"https","protocol":"TCP"},{"containerPort":53,"hostIP":"127.0.0.1","hostPort":5353,"protocol":"UDP"},{"containerPort":0}],"resources":{}}]}}}}',
    revisionName: 'sample-85bbc7b8bc',
  },
  {
    name: 'env and envFrom',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"e"}},"spec":{"containers":[{"name":"c","image":"img","env":[{"name":"EMPTY","value":""},{"name":"POD","valueFrom":{"fieldRef":{"fieldPath":"metadata.name"}}},{"name":"CPU","valueFrom":{"resourceFieldRef":{"resource":"limits.cpu"}}},{"name":"MEM","valueFrom":{"resourceFieldRef":{"containerName":"c","resource":"limits.memory","divisor":"1Mi"}}},{"name":"SEC","valueFrom":{"secretKeyRef":{"name":"s","key":"k","optional":false}}},{"name":"CM","valueFrom":{"configMapKeyRef":{"key":"k"}}}],"envFrom":[{"prefix":"P_","configMapRef":{"name":"cm"}},{"secretRef":{"name":"sec","optional":true}}]}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"e"}},"spec":{"containers":[{"env":[{"name":"EMPTY"},{"name":"POD","valueFrom":{"fieldRef":{"fieldPath":"metadata.name"}}},{"name":"CPU","valueFrom":{"resourceFieldRef":{"divisor":"0","resource":"limits.cpu"}}},{"name":"MEM","valueFrom":{"resourceFieldRef":{"containerName":"c","divisor":"1Mi","resource":"limits.memory"}}},{"name":"SEC","valueFrom":{"secretKeyRef":{"key":"k","name":"s","optional":false}}},{"name":"CM","valueFrom":{"configMapKeyRef":{"key":"k"}}}],"envFrom":[{"configMapRef":{"name":"cm"},"prefix":"P_"},{"secretRef":{"name":"sec","optional":true}}],"image":"img","name":"c","resources":{}}]}}}}',
    revisionName: 'sample-845ccd74d7',
  },
  {
    name: 'probes and lifecycle',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"pr"}},"spec":{"containers":[{"name":"c","image":"img","livenessProbe":{"httpGet":{"path":"/healthz","port":"http","httpHeaders":[{"name":"X-A","value":"b"}]},"initialDelaySeconds":5,"periodSeconds":0,"failureThreshold":3},"readinessProbe":{"tcpSocket":{"port":8080},"timeoutSeconds":1,"successThreshold":1},"startupProbe":{"grpc":{"port":9000},"terminationGracePeriodSeconds":30},"lifecycle":{"preStop":{"exec":{"command":["sleep","5"]}},"postStart":{"httpGet":{"path":"/start"}}}}],"terminationGracePeriodSeconds":60}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"pr"}},"spec":{"containers":[{"image":"img","lifecycle":{"postStart":{"httpGet":{"path":"/start","port":0}},"preStop":{"exec":{"command":["sleep","5"]}}},"livenessProbe":{"failureThreshold":3,"httpGet":{"httpHeaders":[{"name":"X-A","value":"b"}],"path":"/healthz","port":"http"},"initialDelaySeconds":5},"name":"c","readinessProbe":{"successThreshold":1,"tcpSocket":{"port":8080},"timeoutSeconds":1},"resources":{},"startupProbe":{"grpc":{"port":9000,"service":null},"terminationGracePeriodSeconds":30}}],"terminationGracePeriodSeconds":60}}}}',
    revisionName: 'sample-54dd7bf875',
  },
  {
    name: 'resources quantities',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"r"}},"spec":{"containers":[{"name":"c","image":"img","resources":{"limits":{"cpu":"1000m","memory":"2048Ki","ephemeral-storage":"1.5Gi","nvidia.com/gpu":1},"requests":{"cpu":"0.5","memory":"128974848","hugepages-2Mi":"100Mi","example.com/foo":"+100m"}}},{"name":"d","image":"img","resources":{"limits":{},"requests":null}}],"overhead":{"cpu":"250m","memory":"1e3"}}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"r"}},"spec":{"containers":[{"image":"img","name":"c","resources":{"limits":{"cpu":"1","ephemeral-storage":"1536Mi","memory":"2Mi","nvidia.com/gpu":"1"},"requests":{"cpu":"500m","example.com/foo":"+100m","hugepages-2Mi":"100Mi","memory":"128974848"}}},{"image":"img","name":"d","resources":{}}],"overhead":{"cpu":"250m","memory":"1e3"}}}}}',
    revisionName: 'sample-6c6c84fd4c',
  },
  {
    name: 'annotations, metadata fields and timestamps',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"name":"ignored-name","namespace":"ns","generateName":"g-","labels":{"app":"m","empty":""},"annotations":{"kubectl.kubernetes.io/restartedAt":"2024-01-02T03:04:05Z","json":"{\\"a\\":[1,2]}"},"creationTimestamp":"2024-01-02T03:04:05.123+02:00","deletionTimestamp":"2024-05-06T07:08:09Z","finalizers":["example.com/f"],"generation":0,"uid":"","ownerReferences":[{"apiVersion":"v1","kind":"Pod","name":"x","uid":"u","controller":true}]},"spec":{"containers":[{"name":"c","image":"img"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"annotations":{"json":"{\\"a\\":[1,2]}","kubectl.kubernetes.io/restartedAt":"2024-01-02T03:04:05Z"},"creationTimestamp":"2024-01-02T01:04:05Z","deletionTimestamp":"2024-05-06T07:08:09Z","finalizers":["example.com/f"],"generateName":"g-","labels":{"app":"m","empty":""},"name":"ignored-name","namespace":"ns","ownerReferences":[{"apiVersion":"v1","controller":true,"kind":"Pod","name":"x","uid":"u"}]},"spec":{"containers":[{"image":"img","name":"c","resources":{}}]}}}}',
    revisionName: 'sample-5449dcdd56',
  },
  {
    name: 'empty values: omitempty vs always written',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{},"annotations":{}},"spec":{"containers":[{"name":"c","image":"img","command":[],"env":[],"args":null,"volumeMounts":[{"name":"v","mountPath":"/v","readOnly":false}],"securityContext":{},"stdin":false,"resources":null,"unknownField":"dropped","Image":"wrong-case"}],"hostNetwork":false,"securityContext":{"runAsUser":0,"runAsNonRoot":false},"dnsConfig":{"options":[{"name":"ndots","value":"2"},{"name":"edns0"}]},"restartPolicy":"","volumes":null,"imagePullSecrets":[{"name":"reg"},{}],"automountServiceAccountToken":false,"priority":0}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null},"spec":{"automountServiceAccountToken":false,"containers":[{"image":"img","name":"c","resources":{},"securityContext":{},"volumeMounts":[{"mountPath":"/v","name":"v"}]}],"dnsConfig":{"options":[{"name":"ndots","value":"2"},{"name":"edns0"}]},"imagePullSecrets":[{"name":"reg"},{}],"priority":0,"securityContext":{"runAsNonRoot":false,"runAsUser":0}}}}}',
    revisionName: 'sample-575dbbb79b',
  },
  {
    name: 'no containers at all',
    parent: 'sample',
    collisionCount: 0,
    template: '{"metadata":{"labels":{"app":"x"}},"spec":{}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"x"}},"spec":{"containers":null}}}}',
    revisionName: 'sample-95684bb4c',
  },
  {
    name: 'template is empty',
    parent: 'sample',
    collisionCount: 0,
    template: '{}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null},"spec":{"containers":null}}}}',
    revisionName: 'sample-79b7c84989',
  },
  {
    name: 'template metadata and spec null',
    parent: 'sample',
    collisionCount: 0,
    template: '{"metadata":null,"spec":null}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null},"spec":{"containers":null}}}}',
    revisionName: 'sample-79b7c84989',
  },
  {
    name: 'volumes of many kinds',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"v"}},"spec":{"containers":[{"name":"c","image":"img","volumeMounts":[{"name":"data","mountPath":"/data","subPath":"x","mountPropagation":"None"}],"volumeDevices":[{"name":"blk","devicePath":"/dev/xvda"}]}],"volumes":[{"name":"data","emptyDir":{}},{"name":"mem","emptyDir":{"medium":"Memory","sizeLimit":"64Mi"}},{"name":"cm","configMap":{"name":"cfg","items":[{"key":"a","path":"a.txt","mode":420}],"defaultMode":420,"optional":true}},{"name":"sec","secret":{"secretName":"s"}},{"name":"hp","hostPath":{"path":"/var/log","type":"Directory"}},{"name":"pvc","persistentVolumeClaim":{"claimName":"claim","readOnly":false}},{"name":"proj","projected":{"sources":[{"serviceAccountToken":{"path":"token","expirationSeconds":3600,"audience":"api"}},{"downwardAPI":{"items":[{"path":"labels","fieldRef":{"fieldPath":"metadata.labels"}},{"path":"cpu","resourceFieldRef":{"resource":"limits.cpu","divisor":"1m"}}]}},{"configMap":{"name":"cm2"}}],"defaultMode":288}},{"name":"csi","csi":{"driver":"d.example.com","volumeAttributes":{"b":"2","a":"1"}}},{"name":"eph","ephemeral":{"volumeClaimTemplate":{"metadata":{"labels":{"t":"1"}},"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}}}},{"name":"img","image":{"reference":"registry/x:1","pullPolicy":"IfNotPresent"}},{"name":"nothing"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"v"}},"spec":{"containers":[{"image":"img","name":"c","resources":{},"volumeDevices":[{"devicePath":"/dev/xvda","name":"blk"}],"volumeMounts":[{"mountPath":"/data","mountPropagation":"None","name":"data","subPath":"x"}]}],"volumes":[{"emptyDir":{},"name":"data"},{"emptyDir":{"medium":"Memory","sizeLimit":"64Mi"},"name":"mem"},{"configMap":{"defaultMode":420,"items":[{"key":"a","mode":420,"path":"a.txt"}],"name":"cfg","optional":true},"name":"cm"},{"name":"sec","secret":{"secretName":"s"}},{"hostPath":{"path":"/var/log","type":"Directory"},"name":"hp"},{"name":"pvc","persistentVolumeClaim":{"claimName":"claim"}},{"name":"proj","projected":{"defaultMode":288,"sources":[{"serviceAccountToken":{"audience":"api","expirationSeconds":3600,"path":"token"}},{"downwardAPI":{"items":[{"fieldRef":{"fieldPath":"metadata.labels"},"path":"labels"},{"path":"cpu","resourceFieldRef":{"divisor":"1m","resource":"limits.cpu"}}]}},{"configMap":{"name":"cm2"}}]}},{"csi":{"driver":"d.example.com","volumeAttributes":{"a":"1","b":"2"}},"name":"csi"},{"ephemeral":{"volumeClaimTemplate":{"metadata":{"creationTimestamp":null,"labels":{"t":"1"}},"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}}},"name":"eph"},{"image":{"pullPolicy":"IfNotPresent","reference":"registry/x:1"},"name":"img"},{"name":"nothing"}]}}}}',
    revisionName: 'sample-df4b46786',
  },
  {
    name: 'init containers, sidecar, readiness gates and scheduling fields',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"i"}},"spec":{"initContainers":[{"name":"init","image":"busybox","command":["true"]},{"name":"sidecar","image":"envoy","restartPolicy":"Always"}],"containers":[{"name":"main","image":"app:v2","imagePullPolicy":"Always","terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","tty":true}],"readinessGates":[{"conditionType":"InPlaceUpdateReady"}],"schedulingGates":[{"name":"wait"}],"os":{"name":"linux"},"dnsPolicy":"ClusterFirst","schedulerName":"default-scheduler","serviceAccountName":"sa","priorityClassName":"high","hostAliases":[{"ip":"10.0.0.1","hostnames":["a","b"]}],"shareProcessNamespace":true,"enableServiceLinks":false,"runtimeClassName":"gvisor","ephemeralContainers":[{"name":"dbg","image":"busybox","targetContainerName":"main"}],"resourceClaims":[{"name":"gpu","resourceClaimTemplateName":"gpu-tpl"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"i"}},"spec":{"containers":[{"image":"app:v2","imagePullPolicy":"Always","name":"main","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","tty":true}],"dnsPolicy":"ClusterFirst","enableServiceLinks":false,"ephemeralContainers":[{"image":"busybox","name":"dbg","resources":{},"targetContainerName":"main"}],"hostAliases":[{"hostnames":["a","b"],"ip":"10.0.0.1"}],"initContainers":[{"command":["true"],"image":"busybox","name":"init","resources":{}},{"image":"envoy","name":"sidecar","resources":{},"restartPolicy":"Always"}],"os":{"name":"linux"},"priorityClassName":"high","readinessGates":[{"conditionType":"InPlaceUpdateReady"}],"resourceClaims":[{"name":"gpu","resourceClaimTemplateName":"gpu-tpl"}],"runtimeClassName":"gvisor","schedulerName":"default-scheduler","schedulingGates":[{"name":"wait"}],"serviceAccountName":"sa","shareProcessNamespace":true}}}}',
    revisionName: 'sample-7f48cc7b7f',
  },
  {
    name: 'probe without port, grpc without service, nulls for value types',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"z"}},"spec":{"containers":[{"name":"c","image":"img","readinessProbe":{"httpGet":{"path":"/"},"grpc":{"port":1}},"livenessProbe":{"tcpSocket":{"port":null}},"ports":[{"containerPort":null}],"env":[null,{"name":"X","value":null}]}],"volumes":[{"name":"v","downwardAPI":{"items":[{"path":"p","resourceFieldRef":{"resource":"requests.memory","divisor":null}}]}}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"z"}},"spec":{"containers":[{"env":[{"name":""},{"name":"X"}],"image":"img","livenessProbe":{"tcpSocket":{"port":0}},"name":"c","ports":[{"containerPort":0}],"readinessProbe":{"grpc":{"port":1,"service":null},"httpGet":{"path":"/","port":0}},"resources":{}}],"volumes":[{"downwardAPI":{"items":[{"path":"p","resourceFieldRef":{"divisor":"0","resource":"requests.memory"}}]},"name":"v"}]}}}}',
    revisionName: 'sample-5d7c9c567d',
  },
  {
    name: "large integers round like Go's float64 pass",
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"big"}},"spec":{"terminationGracePeriodSeconds":9007199254740993,"activeDeadlineSeconds":1234567890123,"securityContext":{"runAsUser":4294967295,"fsGroup":-1,"supplementalGroups":[1,2,3]},"containers":[{"name":"c","image":"img"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"big"}},"spec":{"activeDeadlineSeconds":1234567890123,"containers":[{"image":"img","name":"c","resources":{}}],"securityContext":{"fsGroup":-1,"runAsUser":4294967295,"supplementalGroups":[1,2,3]},"terminationGracePeriodSeconds":9007199254740992}}}}',
    revisionName: 'sample-5f8bcdcbcd',
  },
  {
    name: "fields newer than k8s 1.32 (dropped by Kruise's v0.32 structs)",
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"new"}},"spec":{"hostnameOverride":"h","containers":[{"name":"c","image":"img","restartPolicy":"Always","restartPolicyRules":[{"action":"Restart","exitCodes":{"operator":"In","values":[42]}}],"lifecycle":{"stopSignal":"SIGUSR1","preStop":{"sleep":{"seconds":3}}},"env":[{"name":"F","valueFrom":{"fileKeyRef":{"volumeName":"v","path":"p","key":"k"}}}]}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"new"}},"spec":{"containers":[{"env":[{"name":"F","valueFrom":{}}],"image":"img","lifecycle":{"preStop":{"sleep":{"seconds":3}}},"name":"c","resources":{},"restartPolicy":"Always"}]}}}}',
    revisionName: 'sample-5bd6687b48',
  },
  {
    name: 'managedFields with raw fieldsV1',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"mf"},"managedFields":[{"manager":"kubectl","operation":"Apply","apiVersion":"v1","time":"2024-01-01T00:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:labels":{"f:app":{},".":{}}},"f:a<b":{}}}]},"spec":{"containers":[{"name":"c","image":"img"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"mf"},"managedFields":[{"apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{"f:a\\u003cb":{},"f:metadata":{"f:labels":{".":{},"f:app":{}}}},"manager":"kubectl","operation":"Apply","time":"2024-01-01T00:00:00Z"}]},"spec":{"containers":[{"image":"img","name":"c","resources":{}}]}}}}',
    revisionName: 'sample-54fb9c5fb6',
  },
  {
    name: 'long parent name is cut to 223 characters',
    parent: 'x'.repeat(230),
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"sample"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.22-alpine"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"sample"}},"spec":{"containers":[{"image":"nginx:1.22-alpine","name":"nginx","resources":{}}]}}}}',
    revisionName:
      'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-66bf7df478',
  },
  {
    name: 'zero time written explicitly',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"creationTimestamp":"0001-01-01T00:00:00Z","labels":{"app":"t"}},"spec":{"containers":[{"name":"c","image":"i"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"t"}},"spec":{"containers":[{"image":"i","name":"c","resources":{}}]}}}}',
    revisionName: 'sample-67b58ff9b5',
  },
  {
    name: 'lone surrogate escapes become U+FFFD',
    parent: 'sample',
    collisionCount: 0,
    template:
      '{"metadata":{"labels":{"app":"s"},"annotations":{"lone":"x\\ud800y","\\udc00key":"v"}},"spec":{"containers":[{"name":"c","image":"i"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"annotations":{"lone":"x�y","�key":"v"},"creationTimestamp":null,"labels":{"app":"s"}},"spec":{"containers":[{"image":"i","name":"c","resources":{}}]}}}}',
    revisionName: 'sample-6d55d5b7c6',
  },
  {
    name: 'mandatory sample',
    parent: 'sample',
    collisionCount: 0,
    apiMinor: 36,
    template:
      '{"metadata":{"labels":{"app":"sample"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.22-alpine"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"labels":{"app":"sample"}},"spec":{"containers":[{"image":"nginx:1.22-alpine","name":"nginx","resources":{}}]}}}}',
    revisionName: 'sample-6c756cd676',
  },
  {
    name: 'annotations, metadata fields and timestamps',
    parent: 'sample',
    collisionCount: 0,
    apiMinor: 36,
    template:
      '{"metadata":{"name":"ignored-name","namespace":"ns","generateName":"g-","labels":{"app":"m","empty":""},"annotations":{"kubectl.kubernetes.io/restartedAt":"2024-01-02T03:04:05Z","json":"{\\"a\\":[1,2]}"},"creationTimestamp":"2024-01-02T03:04:05.123+02:00","deletionTimestamp":"2024-05-06T07:08:09Z","finalizers":["example.com/f"],"generation":0,"uid":"","ownerReferences":[{"apiVersion":"v1","kind":"Pod","name":"x","uid":"u","controller":true}]},"spec":{"containers":[{"name":"c","image":"img"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"annotations":{"json":"{\\"a\\":[1,2]}","kubectl.kubernetes.io/restartedAt":"2024-01-02T03:04:05Z"},"creationTimestamp":"2024-01-02T01:04:05Z","deletionTimestamp":"2024-05-06T07:08:09Z","finalizers":["example.com/f"],"generateName":"g-","labels":{"app":"m","empty":""},"name":"ignored-name","namespace":"ns","ownerReferences":[{"apiVersion":"v1","controller":true,"kind":"Pod","name":"x","uid":"u"}]},"spec":{"containers":[{"image":"img","name":"c","resources":{}}]}}}}',
    revisionName: 'sample-5449dcdd56',
  },
  {
    name: 'template is empty',
    parent: 'sample',
    collisionCount: 0,
    apiMinor: 36,
    template: '{}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{},"spec":{"containers":null}}}}',
    revisionName: 'sample-56fdcc77f7',
  },
  {
    name: "fields newer than k8s 1.32 (dropped by Kruise's v0.32 structs)",
    parent: 'sample',
    collisionCount: 0,
    apiMinor: 36,
    template:
      '{"metadata":{"labels":{"app":"new"}},"spec":{"hostnameOverride":"h","containers":[{"name":"c","image":"img","restartPolicy":"Always","restartPolicyRules":[{"action":"Restart","exitCodes":{"operator":"In","values":[42]}}],"lifecycle":{"stopSignal":"SIGUSR1","preStop":{"sleep":{"seconds":3}}},"env":[{"name":"F","valueFrom":{"fileKeyRef":{"volumeName":"v","path":"p","key":"k"}}}]}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"labels":{"app":"new"}},"spec":{"containers":[{"env":[{"name":"F","valueFrom":{"fileKeyRef":{"key":"k","path":"p","volumeName":"v"}}}],"image":"img","lifecycle":{"preStop":{"sleep":{"seconds":3}},"stopSignal":"SIGUSR1"},"name":"c","resources":{},"restartPolicy":"Always","restartPolicyRules":[{"action":"Restart","exitCodes":{"operator":"In","values":[42]}}]}],"hostnameOverride":"h"}}}}',
    revisionName: 'sample-686d466859',
  },
  {
    name: 'zero time written explicitly',
    parent: 'sample',
    collisionCount: 0,
    apiMinor: 36,
    template:
      '{"metadata":{"creationTimestamp":"0001-01-01T00:00:00Z","labels":{"app":"t"}},"spec":{"containers":[{"name":"c","image":"i"}]}}',
    data: '{"spec":{"template":{"$patch":"replace","metadata":{"labels":{"app":"t"}},"spec":{"containers":[{"image":"i","name":"c","resources":{}}]}}}}',
    revisionName: 'sample-576b8fc88c',
  },
];
