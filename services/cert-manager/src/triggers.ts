// Watches that wake the sync loop when someone touches what cert-manager owns: the Secret, the two webhook
// configurations and the CRDs. They only trigger a sync (which re-reads everything), so a watch that breaks is
// simply restarted; the periodic resync covers the gap.
import { type KubeConfig, Watch } from '@kubernetes/client-node';

export interface WatchTarget {
  /** Collection path, e.g. `/api/v1/namespaces/kruise-system/secrets`. */
  path: string;
  fieldSelector?: string;
}

export interface Triggers {
  stop(): void;
}

interface WatchEventObject {
  metadata?: { resourceVersion?: string };
  code?: number;
}

export function startTriggers(
  kubeConfig: KubeConfig,
  targets: readonly WatchTarget[],
  onChange: (path: string) => void,
  onError: (error: Error) => void,
): Triggers {
  const watch = new Watch(kubeConfig);
  const aborts = new Map<string, AbortController>();
  let stopped = false;

  const run = (target: WatchTarget, resourceVersion: string | undefined, failures: number) => {
    if (stopped) return;
    let lastVersion = resourceVersion;
    let sawEvent = false;
    const restart = (err: unknown) => {
      if (stopped) return;
      if (err) onError(new Error(`watch ${target.path} ended`, { cause: err }));
      const next = err && !sawEvent ? failures + 1 : 0;
      // Back off on repeated failures (1 s … 30 s); an orderly end (timeoutSeconds) restarts at once.
      const delay = next === 0 ? 0 : Math.min(30_000, 1000 * 2 ** (next - 1));
      setTimeout(() => run(target, lastVersion, next), delay).unref();
    };
    watch
      .watch(
        target.path,
        {
          // Ends before client-node's 30 s inactivity abort, so a quiet watch restarts cleanly.
          timeoutSeconds: 25,
          allowWatchBookmarks: true,
          ...(target.fieldSelector ? { fieldSelector: target.fieldSelector } : {}),
          ...(lastVersion ? { resourceVersion: lastVersion } : {}),
        },
        (type: string, object: WatchEventObject) => {
          sawEvent = true;
          if (type === 'ERROR') {
            // 410 Gone: the version is too old; start over from the current state (which triggers a sync).
            lastVersion = undefined;
            return;
          }
          lastVersion = object.metadata?.resourceVersion ?? lastVersion;
          if (type !== 'BOOKMARK') onChange(target.path);
        },
        restart,
      )
      .then((abort) => {
        if (stopped) abort.abort();
        else aborts.set(target.path, abort);
      }, restart);
  };

  for (const target of targets) run(target, undefined, 0);
  return {
    stop() {
      stopped = true;
      for (const abort of aborts.values()) abort.abort();
    },
  };
}
