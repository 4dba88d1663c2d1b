// Watches that wake the sync loop when someone touches what cert-manager owns: the Secret, the two webhook
// configurations and the CRDs. They only trigger a sync (which re-reads everything), so a watch that breaks is
// simply restarted; the periodic resync covers the gap.
import { setTimeout as sleep } from 'node:timers/promises';
import { GoneError, type KubeClient } from '@kruise-ts/runtime';

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
}

export function startTriggers(
  kube: KubeClient,
  targets: readonly WatchTarget[],
  onChange: (path: string) => void,
  onError: (error: Error) => void,
): Triggers {
  const stop = new AbortController();

  const run = async (target: WatchTarget) => {
    let lastVersion: string | undefined;
    let failures = 0;
    while (!stop.signal.aborted) {
      let sawEvent = false;
      try {
        const events = kube.watch<WatchEventObject>(
          {
            method: 'GET',
            path: target.path,
            query: {
              watch: true,
              // The server ends a quiet watch after this; it is restarted at once from the last version.
              timeoutSeconds: 300,
              allowWatchBookmarks: true,
              fieldSelector: target.fieldSelector,
              resourceVersion: lastVersion,
            },
          },
          stop.signal,
        );
        for await (const event of events) {
          sawEvent = true;
          lastVersion = event.object.metadata?.resourceVersion ?? lastVersion;
          if (event.type !== 'BOOKMARK') onChange(target.path);
        }
        failures = 0;
      } catch (err) {
        if (stop.signal.aborted) return;
        // 410 Gone: the version is too old; start over from the current state (which triggers a sync).
        if (err instanceof GoneError) lastVersion = undefined;
        onError(new Error(`watch ${target.path} ended`, { cause: err }));
        failures = sawEvent ? 0 : failures + 1;
        // Back off on repeated failures (1 s … 30 s); after events were seen it restarts at once.
        if (failures > 0) {
          const delay = Math.min(30_000, 1000 * 2 ** (failures - 1));
          await sleep(delay, undefined, { signal: stop.signal, ref: false }).catch(() => {});
        }
      }
    }
  };

  for (const target of targets) void run(target);
  return {
    stop() {
      stop.abort();
    },
  };
}
