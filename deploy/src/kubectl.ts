// kubectl (the pinned build from devcluster) against one cluster, objects passed as JSON on stdin.
import { spawnSync } from 'node:child_process';
import { binaryPaths } from '@kruise-ts/devcluster';
import type { KubeObject } from './helm.ts';

export interface Kubectl {
  (args: readonly string[], input?: string): { status: number | null; stdout: string; stderr: string };
  /** Applies objects server-side; `dryRun` sends them with --dry-run=server (validated, admitted, not stored). */
  apply(objects: readonly KubeObject[], options?: { dryRun?: boolean; fieldManager?: string }): string;
}

export function kubectlFor(kubeconfigPath: string): Kubectl {
  const run = (args: readonly string[], input?: string) => {
    const r = spawnSync(binaryPaths().kubectl, ['--kubeconfig', kubeconfigPath, ...args], {
      input,
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (r.error) throw new Error(`could not run kubectl ${args.join(' ')}`, { cause: r.error });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const apply = (
    objects: readonly KubeObject[],
    options: { dryRun?: boolean; fieldManager?: string } = {},
  ) => {
    const list = { apiVersion: 'v1', kind: 'List', items: objects };
    const r = run(
      [
        'apply',
        '--server-side',
        '--force-conflicts',
        `--field-manager=${options.fieldManager ?? 'kruise-ts-chart-test'}`,
        ...(options.dryRun ? ['--dry-run=server'] : []),
        '-f',
        '-',
      ],
      JSON.stringify(list),
    );
    if (r.status !== 0) throw new Error(`kubectl apply failed:\n${r.stderr}`);
    return r.stdout;
  };
  return Object.assign(run, { apply });
}
