// A KubeClient for the writers' unit tests: every API call is recorded instead of sent (no server, no traffic),
// so a test asserts exactly which requests a writer makes — the preconditions of its deletes, say.
import { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import { KubeClient } from '../kube/client.ts';
import type { ClusterConfig } from '../kube/kubeconfig.ts';
import type { IncomingResponse, OutgoingRequest } from '../kube/request.ts';
import { kubeRequestInfo, resourceLabel } from '../kube/request-info.ts';
import type { WorkloadWriterOptions } from '../service/workload-controller.ts';

export interface RecordedCall {
  /** `<verb> <resource>`, e.g. `delete pods` or `update clonesets/status`. */
  method: string;
  /** namespace, name, body and the query parameters that were set. */
  params: Record<string, unknown>;
}

// Never dialled: send() below answers every call itself.
const OFFLINE_SERVER = 'https://127.0.0.1:1';

/** A cluster config that is never dialled. */
export function offlineCluster(): ClusterConfig {
  return { server: OFFLINE_SERVER, insecureSkipTlsVerify: true, namespace: 'default', source: 'offline' };
}

export class RecordingKubeClient extends KubeClient {
  readonly calls: RecordedCall[] = [];
  readonly #listed: readonly object[];
  readonly #answer: ((call: RecordedCall) => object) | undefined;

  /**
   * `listed`: the items every list call returns (none by default); `answer`: what any other call returns (`{}` by
   * default), e.g. a written object whose resourceVersion the writer records.
   */
  constructor(options: { listed?: readonly object[]; answer?: (call: RecordedCall) => object } = {}) {
    super({ cluster: offlineCluster(), qps: Infinity });
    this.#listed = options.listed ?? [];
    this.#answer = options.answer;
  }

  protected override async send(req: OutgoingRequest): Promise<IncomingResponse> {
    const info = kubeRequestInfo(req.method, req.url.toString());
    const params: Record<string, unknown> = {};
    if (info.namespace !== '') params.namespace = info.namespace;
    if (info.name !== '') params.name = info.name;
    if (req.body !== undefined) params.body = req.body;
    for (const [key, value] of req.url.searchParams) params[key] = value;
    const call = { method: `${info.verb} ${resourceLabel(info)}`, params };
    this.calls.push(call);
    return {
      status: 200,
      headers: {},
      body: info.verb === 'list' ? { items: this.#listed } : (this.#answer?.(call) ?? {}),
    };
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
