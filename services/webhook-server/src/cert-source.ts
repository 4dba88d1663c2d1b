// Where the serving certificate comes from: the cert-manager's Secret (read through the apiserver, watched, and
// re-read on demand when a CertificateRotated event arrives) or a directory of files (Kruise's cert dir, as
// mounted from the Secret). Either way a periodic re-read backs up the notifications, and only a pair whose key
// matches its certificate is handed on.

import { readFile, watch } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createSecureContext } from 'node:tls';
import { decodeSecretData, servingPairOf } from '@kruise-ts/certs';
import { type KubeClient, NotFoundError, resources } from '@kruise-ts/runtime';
import { untraced } from '@kruise-ts/telemetry';
import type { ServingPair } from './app.ts';

export interface CertSource {
  /** The latest valid pair, if any has been loaded. */
  current(): ServingPair | undefined;
  /** Re-reads now (e.g. after CertificateRotated); `origin` names what asked, for metrics. */
  reload(origin: string): Promise<void>;
  stop(): void;
}

export interface CertSourceEvents {
  /** A new, valid pair (different from the previous one). */
  onChange(pair: ServingPair, origin: string): void;
  onError(error: Error): void;
}

function usable(pair: ServingPair): boolean {
  try {
    createSecureContext({ cert: pair.certPem, key: pair.keyPem });
    return true;
  } catch {
    return false;
  }
}

/** Shared part: de-duplicates, validates, serialises reloads, polls. */
function source(read: () => Promise<ServingPair | undefined>, events: CertSourceEvents, pollMs: number) {
  let current: ServingPair | undefined;
  let chain: Promise<void> = Promise.resolve();
  const reload = (origin: string) => {
    chain = chain.then(async () => {
      try {
        // The poll runs every pollMs whether or not anything changed: no trace of its own.
        const pair = await untraced(read);
        if (pair === undefined) return;
        if (current?.certPem === pair.certPem && current.keyPem === pair.keyPem) return;
        if (!usable(pair)) throw new Error('the stored certificate and key do not form a usable pair');
        current = pair;
        events.onChange(pair, origin);
      } catch (err) {
        events.onError(err instanceof Error ? err : new Error(String(err)));
      }
    });
    return chain;
  };
  const timer = setInterval(() => void reload('poll'), pollMs);
  timer.unref();
  return { current: () => current, reload, stopPolling: () => clearInterval(timer) };
}

export function secretCertSource(
  options: { kube: KubeClient; namespace: string; name: string; pollMs: number },
  events: CertSourceEvents,
): CertSource {
  const secrets = options.kube.resource<{ data?: Record<string, string> }>(resources.secrets);
  const read = async () => {
    try {
      const secret = await secrets.get({ name: options.name, namespace: options.namespace });
      return servingPairOf(decodeSecretData(secret.data));
    } catch (err) {
      if (err instanceof NotFoundError) return undefined;
      throw new Error(`cannot read Secret ${options.namespace}/${options.name}`, { cause: err });
    }
  };
  const base = source(read, events, options.pollMs);
  const stop = new AbortController();
  // Any change of the Secret reloads; a watch that ends (timeout, error) starts again a second later.
  const run = async () => {
    while (!stop.signal.aborted) {
      try {
        const events = secrets.watch({
          namespace: options.namespace,
          fieldSelector: `metadata.name=${options.name}`,
          timeoutSeconds: 300,
          signal: stop.signal,
        });
        for await (const event of events) {
          if (event.type === 'ADDED' || event.type === 'MODIFIED') void base.reload('watch');
        }
      } catch {
        // Polling covers the gap; the watch is only a faster trigger.
      }
      await sleep(1000, undefined, { signal: stop.signal, ref: false }).catch(() => {});
    }
  };
  void run();
  void base.reload('start');
  return {
    current: base.current,
    reload: base.reload,
    stop() {
      stop.abort();
      base.stopPolling();
    },
  };
}

export function fileCertSource(
  options: { dir: string; certFile?: string; keyFile?: string; pollMs: number },
  events: CertSourceEvents,
): CertSource {
  const certPath = join(options.dir, options.certFile ?? 'tls.crt');
  const keyPath = join(options.dir, options.keyFile ?? 'tls.key');
  const read = async () => {
    try {
      return { certPem: await readFile(certPath, 'utf8'), keyPem: await readFile(keyPath, 'utf8') };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(`cannot read ${certPath} / ${keyPath}`, { cause: err });
    }
  };
  const base = source(read, events, options.pollMs);
  const abort = new AbortController();
  // Kubelet updates mounted Secrets by swapping a symlink: watch the directory, not the files.
  (async () => {
    try {
      for await (const _ of watch(options.dir, { signal: abort.signal })) void base.reload('watch');
    } catch (err) {
      if ((err as Error).name !== 'AbortError')
        events.onError(new Error(`watching ${options.dir} failed`, { cause: err }));
    }
  })();
  void base.reload('start');
  return {
    current: base.current,
    reload: base.reload,
    stop() {
      abort.abort();
      base.stopPolling();
    },
  };
}
