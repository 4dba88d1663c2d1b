// A KubeClient for the writers' unit tests: every API call is recorded instead of sent (no server, no traffic),
// so a test asserts exactly which requests a writer makes — the preconditions of its deletes, say.
import { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import { createConfiguration, KubeConfig, ServerConfiguration } from '@kubernetes/client-node';
import { type ApiClass, KubeClient } from '../kube/client.ts';
import type { WorkloadWriterOptions } from '../service/workload-controller.ts';

export interface RecordedCall {
  method: string;
  params: Record<string, unknown>;
}

// Never dialled: api() below answers every call itself.
const OFFLINE_SERVER = 'https://127.0.0.1:1';

function offlineKubeConfig(): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'offline', server: OFFLINE_SERVER, skipTLSVerify: true }],
    users: [{ name: 'offline' }],
    contexts: [{ name: 'offline', cluster: 'offline', user: 'offline' }],
    currentContext: 'offline',
  });
  return kc;
}

export class RecordingKubeClient extends KubeClient {
  readonly calls: RecordedCall[] = [];
  readonly #listed: readonly object[];
  readonly #configuration = createConfiguration({ baseServer: new ServerConfiguration(OFFLINE_SERVER, {}) });

  /** `listed`: the items every list call returns (none by default); any other call returns `{}`. */
  constructor(options: { listed?: readonly object[] } = {}) {
    super({ kubeConfig: offlineKubeConfig() });
    this.#listed = options.listed ?? [];
  }

  override api<T extends object>(apiClass: ApiClass<T>): T {
    return new Proxy(new apiClass(this.#configuration), {
      get: (_target, method) => async (params: Record<string, unknown>) => {
        this.calls.push({ method: String(method), params });
        return String(method).startsWith('list') ? { items: this.#listed } : {};
      },
    });
  }
}

/** A workload writer's options for one key (`namespace/name`), with fresh expectations and an open fence. */
export function testWriterOptions(kube: KubeClient, key = 'ns/workload'): WorkloadWriterOptions {
  return {
    kube,
    key,
    namespace: key.split('/')[0] ?? '',
    fence: () => {},
    scale: new ScaleExpectations(),
    versions: new ResourceVersionExpectations(),
  };
}
