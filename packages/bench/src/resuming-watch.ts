// A watch the apiserver may close at any time, re-opened 200 ms later from the last resourceVersion seen (bookmarks
// advance it) until stopped, so a long phase is observed end to end.
import { Watch } from '@kubernetes/client-node';
import type { BenchKube } from './kube.ts';

export interface ResumingWatch {
  stop(): void;
}

export async function resumingWatch<T extends { metadata?: { resourceVersion?: string } }>(
  kube: BenchKube,
  path: string,
  query: Record<string, string>,
  /** Every event, bookmarks included. */
  onEvent: (type: string, obj: T) => void,
): Promise<ResumingWatch> {
  const watch = new Watch(kube.kc);
  let stopped = false;
  let abort: AbortController | undefined;
  let resourceVersion: string | undefined;
  const start = async (): Promise<void> => {
    kube.requests++;
    abort = await watch.watch(
      path,
      { ...query, allowWatchBookmarks: true, ...(resourceVersion ? { resourceVersion } : {}) },
      (type: string, obj: T) => {
        if (obj.metadata?.resourceVersion) resourceVersion = obj.metadata.resourceVersion;
        onEvent(type, obj);
      },
      () => {
        if (!stopped) setTimeout(() => void start().catch(() => undefined), 200);
      },
    );
  };
  await start();
  return {
    stop() {
      stopped = true;
      abort?.abort();
    },
  };
}
