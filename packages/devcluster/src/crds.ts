// The project's CRDs on a test cluster: created when missing (a suite sharing the cluster may have installed them),
// posted as raw JSON because client-node's serialiser drops x-kubernetes-* keys, and waited for until Established.
import type { KubeConfig } from '@kubernetes/client-node';
import { eventually } from './eventually.ts';
import { requestJson } from './raw-request.ts';

const CRDS_PATH = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

type Conditions = { status?: { conditions?: { type: string; status: string }[] } };

export async function installCrds(
  kc: KubeConfig,
  crds: readonly { metadata: { name: string } }[],
  options: { timeoutMs?: number } = {},
): Promise<void> {
  for (const crd of crds) {
    const created = await requestJson(kc, 'POST', CRDS_PATH, crd);
    if (created.status !== 201 && created.status !== 409) {
      throw new Error(`cannot install CRD ${crd.metadata.name}: ${JSON.stringify(created.body)}`);
    }
  }
  for (const { metadata } of crds) {
    await eventually(
      `CRD ${metadata.name} established`,
      async () => {
        const got = await requestJson(kc, 'GET', `${CRDS_PATH}/${metadata.name}`);
        if (got.status !== 200) return false;
        const conditions = (got.body as Conditions).status?.conditions;
        return conditions?.some((c) => c.type === 'Established' && c.status === 'True');
      },
      { timeoutMs: options.timeoutMs ?? 30_000 },
    );
  }
}
