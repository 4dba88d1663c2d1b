#!/usr/bin/env bash
# Builds the local control plane (kube-apiserver, kube-controller-manager, kube-scheduler, etcd, kwok,
# nats-server, jaeger, helm) from the Go module proxy at the versions pinned in ../versions.json.
# `build-binaries.sh openkruise` builds the real OpenKruise manager for `npm run bench -- peer`; it is never
# part of the default set ("all"), so CI and `npm start` do not pay for it.
# Binaries are cached per version under $KRUISE_TS_CACHE (default ~/.cache/kruise-ts) and a component is
# rebuilt only when its binary is missing. Each component builds in its own throwaway Go module so that
# dependency resolution of one never shifts the pins of another.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
versions="$here/../versions.json"
ver() { sed -n "s/.*\"$1\": *\"\([^\"]*\)\".*/\1/p" "$versions"; }
gomod_of() { go mod download -json "$1" | sed -n 's/.*"GoMod": *"\([^"]*\)".*/\1/p'; }

command -v go >/dev/null || { echo "Go 1.26+ is required (https://go.dev/doc/install)" >&2; exit 1; }
case "$(go env GOVERSION)" in
  go1.2[6-9]*|go1.[3-9][0-9]*) ;;
  *) echo "Go 1.26+ is required to build Kubernetes 1.36; found $(go env GOVERSION)" >&2; exit 1 ;;
esac

CACHE="${KRUISE_TS_CACHE:-$HOME/.cache/kruise-ts}"
K8S=$(ver kubernetes); ETCD=$(ver etcd); KWOK=$(ver kwok); NATS=$(ver natsServer); JAEGER=$(ver jaeger); HELM=$(ver helm)
KRUISE=$(ver openkruise)
export GOTOOLCHAIN=local CGO_ENABLED=0 GOFLAGS=-mod=mod

only="${1:-all}"   # a component name, or "all"
start_all=$SECONDS

bin_dir() { echo "$CACHE/bin/$1-$2"; }
log() { printf '[devcluster build %4ds] %s\n' "$((SECONDS - start_all))" "$*" >&2; }

# Runs a build step while printing a heartbeat, so a 20-minute compile is not silent.
with_progress() {
  local name=$1; shift
  local t0=$SECONDS logf
  logf="$CACHE/logs/$name.log"; mkdir -p "$CACHE/logs"
  log "building $name (log: $logf)"
  ( "$@" ) >"$logf" 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 30
    kill -0 "$pid" 2>/dev/null && log "  still building $name, $((SECONDS - t0))s elapsed"
  done
  if ! wait "$pid"; then
    log "FAILED building $name after $((SECONDS - t0))s; last lines of $logf:"
    tail -n 30 "$logf" >&2
    return 1
  fi
  log "built $name in $((SECONDS - t0))s"
}

tool_module() { # dir modname
  mkdir -p "$1"; cd "$1"
  [ -f go.mod ] || go mod init "$2" >/dev/null 2>&1
}

build_kubernetes() {
  local out; out=$(bin_dir kubernetes "$K8S"); mkdir -p "$out"
  tool_module "$CACHE/build/kubernetes-$K8S" local/kruise-ts-k8s-build
  local stg="v0.${K8S#v1.}" minor; minor=$(cut -d. -f2 <<<"$K8S")
  local gomod; gomod=$(gomod_of "k8s.io/kubernetes@$K8S")
  # k8s.io/kubernetes points every staging module at ./staging; as a dependency we pin each to its tag.
  for m in $(sed -n 's#^[[:space:]]*\(k8s\.io/[A-Za-z0-9._-]*\) => \./staging/.*#\1#p' "$gomod"); do
    go mod edit -replace="$m=$m@$stg"
  done
  local gdbg; gdbg=$(sed -n 's/^godebug default=\(go[0-9.]*\).*/\1/p' "$gomod")
  [ -z "$gdbg" ] || go mod edit -godebug=default="$gdbg"
  go get -tool "k8s.io/kubernetes/cmd/kube-apiserver@$K8S" \
    "k8s.io/kubernetes/cmd/kube-controller-manager@$K8S" \
    "k8s.io/kubernetes/cmd/kube-scheduler@$K8S" \
    "k8s.io/kubernetes/cmd/kubectl@$K8S"
  local bd ld="-s -w"; bd=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    ld="$ld -X $p.gitVersion=$K8S -X $p.gitMajor=1 -X $p.gitMinor=$minor -X $p.gitTreeState=clean -X $p.buildDate=$bd"
  done
  go build -trimpath -pgo=off -ldflags "$ld" -o "$out/" \
    k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager k8s.io/kubernetes/cmd/kube-scheduler \
    k8s.io/kubernetes/cmd/kubectl
}

build_etcd() {
  local out; out=$(bin_dir etcd "$ETCD"); mkdir -p "$out"
  tool_module "$CACHE/build/etcd-$ETCD" local/kruise-ts-etcd-build
  go get -tool "go.etcd.io/etcd/server/v3@$ETCD"
  go build -trimpath -ldflags "-s -w" -o "$out/etcd" go.etcd.io/etcd/server/v3
}

build_kwok() {
  local out; out=$(bin_dir kwok "$KWOK"); mkdir -p "$out"
  GOBIN="$out" go install "sigs.k8s.io/kwok/cmd/kwok@$KWOK"
}

build_nats() {
  local out; out=$(bin_dir nats-server "$NATS"); mkdir -p "$out"
  GOBIN="$out" go install -ldflags "-s -w" "github.com/nats-io/nats-server/v2@$NATS"
}

build_jaeger() {
  local out; out=$(bin_dir jaeger "$JAEGER"); mkdir -p "$out"
  tool_module "$CACHE/build/jaeger-$JAEGER" local/kruise-ts-jaeger-build
  # Jaeger's own go.mod replaces sarama; a tool module must mirror that replace to resolve.
  local gomod; gomod=$(gomod_of "github.com/jaegertracing/jaeger@$JAEGER")
  sed -n 's#^replace[[:space:]]\+\([^ ]*\) => \([^ ]*\) \(v[^ ]*\)$#\1=\2@\3#p' "$gomod" | while read -r r; do
    go mod edit -replace="$r"
  done
  go get -tool "github.com/jaegertracing/jaeger/cmd/jaeger@$JAEGER"
  go build -trimpath -ldflags "-s -w" -o "$out/jaeger" github.com/jaegertracing/jaeger/cmd/jaeger
}

build_helm() {
  local out; out=$(bin_dir helm "$HELM"); mkdir -p "$out"
  # helm's Makefile stamps its version and the Kubernetes version `helm template` assumes (from its client-go
  # pin); `go install` would leave both at their defaults (the latter is v1.20, failing charts' kubeVersion).
  local gomod cg minor; gomod=$(gomod_of "helm.sh/helm/v3@$HELM")
  cg=$(sed -n 's#^[[:space:]]*k8s.io/client-go v0\.\([0-9]*\)\..*#\1#p' "$gomod" | head -n1)
  minor=${cg:-0}
  GOBIN="$out" go install -ldflags "-s -w -X helm.sh/helm/v3/internal/version.version=$HELM \
    -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=$minor" \
    "helm.sh/helm/v3/cmd/helm@$HELM"
}

# v1.8.2 is the pinned release: the proxy serves and verifies it (v1.9.0 fails checksum-db verification there,
# v1.7.3 is refused).
# The OpenKruise manager (main.go at the module root; kruise-daemon is not needed, kwok is the kubelet). The module
# carries its own go.mod with replaces and go.sum, so it builds from a writable copy of the verified module dir.
build_openkruise() {
  local out dir; out=$(bin_dir openkruise "$KRUISE"); mkdir -p "$out"
  dir=$(go mod download -json "github.com/openkruise/kruise@$KRUISE" | sed -n 's/.*"Dir": *"\([^"]*\)".*/\1/p')
  [ -n "$dir" ] || { echo "go mod download of github.com/openkruise/kruise@$KRUISE failed" >&2; return 1; }
  local src="$CACHE/build/openkruise-$KRUISE"
  rm -rf "$src"; mkdir -p "$src"; cp -r "$dir/." "$src/"; chmod -R u+w "$src"
  cd "$src"
  # main.go binds the webhook server to 0.0.0.0; everything local binds 127.0.0.1, so the throwaway copy is
  # built with that one address changed (behaviour is untouched; nothing from the module is committed).
  sed -i 's/Host: *"0\.0\.0\.0"/Host: "127.0.0.1"/' main.go
  grep -q 'Host: "127.0.0.1"' main.go || { echo "main.go: webhook Host line not found" >&2; return 1; }
  go build -trimpath -ldflags "-s -w" -o "$out/kruise-manager" .
}

need() { # component version binary...
  local dir; dir=$(bin_dir "$1" "$2"); shift 2
  for b in "$@"; do [ -x "$dir/$b" ] || return 0; done
  return 1
}

want() { [ "$only" = all ] || [ "$only" = "$1" ]; }

# Fast, small builds first so a partly built cache is useful early.
if want nats-server && need nats-server "$NATS" nats-server; then with_progress "nats-server-$NATS" build_nats; fi
if want etcd && need etcd "$ETCD" etcd; then with_progress "etcd-$ETCD" build_etcd; fi
if want kwok && need kwok "$KWOK" kwok; then with_progress "kwok-$KWOK" build_kwok; fi
if want kubernetes && need kubernetes "$K8S" kube-apiserver kube-controller-manager kube-scheduler kubectl; then
  with_progress "kubernetes-$K8S" build_kubernetes
fi
if want jaeger && need jaeger "$JAEGER" jaeger; then with_progress "jaeger-$JAEGER" build_jaeger; fi
if want helm && need helm "$HELM" helm; then with_progress "helm-$HELM" build_helm; fi
# Only on request (the peer benchmark): never part of "all".
if [ "$only" = openkruise ] && need openkruise "$KRUISE" kruise-manager; then
  with_progress "openkruise-$KRUISE" build_openkruise
fi
log "all binaries present under $CACHE/bin"
