// Runs the pinned Helm CLI (built from the Go module proxy by devcluster) on the chart in deploy/chart.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { binaryPaths, versions } from '@kruise-ts/devcluster';
import { parseAllDocuments } from 'yaml';

export const chartDir = fileURLToPath(new URL('../chart/', import.meta.url));

export interface HelmResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs helm with its own throwaway home, so no user configuration or repository cache leaks in. */
export function helm(args: readonly string[], options: { home?: string } = {}): HelmResult {
  const home = options.home ?? fileURLToPath(new URL('../.helm-home/', import.meta.url));
  const r = spawnSync(binaryPaths().helm, [...args], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HELM_CACHE_HOME: `${home}/cache`,
      HELM_CONFIG_HOME: `${home}/config`,
      HELM_DATA_HOME: `${home}/data`,
    },
    timeout: 60_000,
  });
  if (r.error) throw new Error(`could not run helm ${args.join(' ')}`, { cause: r.error });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export interface TemplateOptions {
  release?: string;
  namespace?: string;
  valuesFiles?: readonly string[];
  set?: Readonly<Record<string, string>>;
}

function templateArgs(o: TemplateOptions): string[] {
  return [
    'template',
    o.release ?? 'kruise-ts',
    chartDir,
    '--namespace',
    o.namespace ?? 'kruise-system',
    // The local cluster's version, so .Capabilities and kubeVersion checks match the apiserver the tests use.
    '--kube-version',
    versions.kubernetes,
    ...(o.valuesFiles ?? []).flatMap((f) => ['--values', f]),
    ...Object.entries(o.set ?? {}).flatMap(([k, v]) => ['--set', `${k}=${v}`]),
  ];
}

/** `helm template` output, or the result of a failed render (for schema tests). */
export function templateRaw(o: TemplateOptions = {}): HelmResult {
  return helm(templateArgs(o));
}

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [k: string]: unknown };
  [k: string]: unknown;
}

/** The objects `helm template` renders; throws with helm's message when rendering fails. */
export function template(o: TemplateOptions = {}): KubeObject[] {
  const r = templateRaw(o);
  if (r.status !== 0) throw new Error(`helm template failed: ${r.stderr}`);
  return parseManifests(r.stdout);
}

export function parseManifests(text: string): KubeObject[] {
  const objects: KubeObject[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) throw new Error('helm rendered invalid YAML', { cause: doc.errors[0] });
    const value = doc.toJS() as KubeObject | null;
    if (value !== null) objects.push(value);
  }
  return objects;
}
