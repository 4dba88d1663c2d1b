// Least privilege per service: the chart's ServiceAccounts, Roles and ClusterRoles installed for real, then
// SubjectAccessReviews ask the apiserver's RBAC authorizer what each service account may do. Each service must
// be allowed what its code calls (services/*/src, packages/runtime/src/kube) and refused a list of things it must
// never do (no controller reads Secrets, only the watcher watches, only cert-manager writes the webhook
// Secret, webhook configurations and CRDs).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { acquireCluster, type ClusterLease } from '@kruise-ts/devcluster';
import { AuthorizationV1Api, KubeConfig } from '@kubernetes/client-node';
import { type Kubectl, kubectlFor, template } from '../../src/index.ts';

/** `verb group/resource[/subresource] [name] @namespace`; `@*` is any other namespace, `@-` cluster-scoped. */
type Check = string;

const release = `kts-${randomBytes(3).toString('hex')}`;
const ns = `${release}-system`;
const secret = 'kruise-webhook-certs';

// What each service does on the apiserver (allowed) and a few things it must not (forbidden).
const matrix: Record<string, { allowed: Check[]; forbidden: Check[] }> = {
  watcher: {
    allowed: [
      'list apps.kruise.io/clonesets @*',
      'watch apps.kruise.io/clonesets @*',
      'watch apps.kruise.io/sidecarsets @-',
      'list /pods @*',
      'watch /pods @*',
      'watch /persistentvolumeclaims @*',
      'watch apps/controllerrevisions @*',
      'watch batch/jobs @*',
      'watch /nodes @-',
      'watch /namespaces @-',
      'watch admissionregistration.k8s.io/mutatingwebhookconfigurations @-',
      'watch apiextensions.k8s.io/customresourcedefinitions @-',
    ],
    forbidden: [
      'get apps.kruise.io/clonesets @*',
      'create /pods @*',
      'patch /pods @*',
      'delete /pods @*',
      'update apps.kruise.io/clonesets/status @*',
      'list /secrets @*',
      'get /secrets kruise-webhook-certs @ns',
      'watch /secrets kruise-webhook-certs @ns',
      'list /configmaps @*',
      'create /events @*',
    ],
  },
  'cloneset-controller': {
    allowed: [
      'get apps.kruise.io/clonesets @*',
      'patch apps.kruise.io/clonesets @*',
      'update apps.kruise.io/clonesets/status @*',
      'create /pods @*',
      'get /pods @*',
      'update /pods @*',
      'patch /pods @*',
      'delete /pods @*',
      'patch /pods/status @*',
      'list /pods @*',
      'get /persistentvolumeclaims @*',
      'list /persistentvolumeclaims @*',
      'create /persistentvolumeclaims @*',
      'delete /persistentvolumeclaims @*',
      'create apps/controllerrevisions @*',
      'delete apps/controllerrevisions @*',
      'create /events @*',
      'patch /events @*',
    ],
    forbidden: [
      'get /secrets @*',
      'get /secrets kruise-webhook-certs @ns',
      'watch /pods @*',
      'watch /persistentvolumeclaims @*',
      'create apps.kruise.io/clonesets @*',
      'delete apps.kruise.io/clonesets @*',
      'update apps.kruise.io/statefulsets/status @*',
      'create batch/jobs @*',
      'update admissionregistration.k8s.io/mutatingwebhookconfigurations @-',
      'create /pods/eviction @*',
    ],
  },
  'statefulset-controller': {
    allowed: [
      'get apps.kruise.io/statefulsets @*',
      'update apps.kruise.io/statefulsets/status @*',
      'create /pods @*',
      'update /pods @*',
      'patch /pods @*',
      'delete /pods @*',
      'patch /pods/status @*',
      'create /persistentvolumeclaims @*',
      'patch /persistentvolumeclaims @*',
      'create apps/controllerrevisions @*',
      'patch apps/controllerrevisions @*',
      'create /events @*',
    ],
    forbidden: [
      'get /secrets @*',
      'list /pods @*',
      'delete /persistentvolumeclaims @*',
      'patch apps.kruise.io/statefulsets @*',
      'update apps.kruise.io/clonesets/status @*',
      'delete apps.kruise.io/statefulsets @*',
    ],
  },
  'sidecarset-controller': {
    allowed: [
      'patch apps.kruise.io/sidecarsets/status @-',
      'get /pods @*',
      'patch /pods @*',
      'patch /pods/status @*',
      'get apps/controllerrevisions @*',
      'create apps/controllerrevisions @*',
      'delete apps/controllerrevisions @*',
      'create /events @*',
    ],
    forbidden: [
      'get /secrets @*',
      'create /pods @*',
      'delete /pods @*',
      'update /pods @*',
      'patch apps.kruise.io/sidecarsets @-',
      'list /pods @*',
      // Only with containerLaunchPriority on (below).
      'create /configmaps @*',
      'patch /configmaps @*',
    ],
  },
  'broadcastjob-controller': {
    allowed: [
      'get apps.kruise.io/broadcastjobs @*',
      'delete apps.kruise.io/broadcastjobs @*',
      'update apps.kruise.io/broadcastjobs/status @*',
      'create /pods @*',
      'delete /pods @*',
      'get /pods @*',
      'list /pods @*',
      'patch /pods/status @*',
      'create /events @*',
    ],
    forbidden: [
      'get /secrets @*',
      'patch /pods @*',
      'watch /pods @*',
      'create apps.kruise.io/broadcastjobs @*',
      'list /nodes @-',
    ],
  },
  'advancedcronjob-controller': {
    allowed: [
      'get apps.kruise.io/advancedcronjobs @*',
      'update apps.kruise.io/advancedcronjobs/status @*',
      'create apps.kruise.io/broadcastjobs @*',
      'delete apps.kruise.io/broadcastjobs @*',
      'create batch/jobs @*',
      'delete batch/jobs @*',
      'create /events @*',
    ],
    forbidden: [
      'get /secrets @*',
      'create /pods @*',
      'delete apps.kruise.io/advancedcronjobs @*',
      'update batch/jobs @*',
    ],
  },
  'revision-gc': {
    allowed: ['delete apps/controllerrevisions @*'],
    forbidden: [
      'get /secrets @*',
      'create apps/controllerrevisions @*',
      'delete /pods @*',
      'list apps/controllerrevisions @*',
    ],
  },
  'webhook-server': {
    allowed: [
      `get /secrets ${secret} @ns`,
      `watch /secrets ${secret} @ns`,
      'get /namespaces @-',
      'list apps/controllerrevisions @ns',
      // Validation reads what Kruise's webhooks read: podsToDelete pods, the pinned SidecarSet revision and the
      // kruise-configuration whitelist (services/webhook-server/src/admission/lookups.ts).
      'get /pods @*',
      'get apps/controllerrevisions @ns',
      'get /configmaps kruise-configuration @ns',
      // With StatefulSetAutoResizePVCGate, a claim template's resize asks whether its storage class expands.
      'get storage.k8s.io/storageclasses @-',
      'list storage.k8s.io/storageclasses @-',
    ],
    forbidden: [
      'update storage.k8s.io/storageclasses @-',
      'get /secrets other @ns',
      'get /configmaps other @ns',
      'list /pods @*',
      'list /secrets @ns',
      `get /secrets ${secret} @*`,
      `update /secrets ${secret} @ns`,
      'update admissionregistration.k8s.io/mutatingwebhookconfigurations kruise-mutating-webhook-configuration @-',
      'create admissionregistration.k8s.io/mutatingwebhookconfigurations @-',
      'list apps/controllerrevisions @*',
      'create /pods @*',
    ],
  },
  'cert-manager': {
    allowed: [
      `get /secrets ${secret} @ns`,
      `update /secrets ${secret} @ns`,
      `watch /secrets ${secret} @ns`,
      'create /secrets @ns',
      `get coordination.k8s.io/leases ${release}-cert-manager @ns`,
      `update coordination.k8s.io/leases ${release}-cert-manager @ns`,
      'create coordination.k8s.io/leases @ns',
      'get admissionregistration.k8s.io/mutatingwebhookconfigurations kruise-mutating-webhook-configuration @-',
      'update admissionregistration.k8s.io/mutatingwebhookconfigurations kruise-mutating-webhook-configuration @-',
      'update admissionregistration.k8s.io/validatingwebhookconfigurations kruise-validating-webhook-configuration @-',
      'list apiextensions.k8s.io/customresourcedefinitions @-',
      'patch apiextensions.k8s.io/customresourcedefinitions clonesets.apps.kruise.io @-',
      'patch apiextensions.k8s.io/customresourcedefinitions advancedcronjobs.apps.kruise.io @-',
    ],
    forbidden: [
      'get /secrets other @ns',
      'update /secrets other @ns',
      `get /secrets ${secret} @*`,
      'delete /secrets @ns',
      'update admissionregistration.k8s.io/mutatingwebhookconfigurations someone-elses @-',
      'patch apiextensions.k8s.io/customresourcedefinitions certificates.cert-manager.io @-',
      'update coordination.k8s.io/leases kube-scheduler @ns',
      'create /pods @*',
      'get apps.kruise.io/clonesets @*',
    ],
  },
};

let cluster: ClusterLease;
let kubectl: Kubectl;
let authz: AuthorizationV1Api;
const clusterScoped: string[] = [];

before(async () => {
  cluster = await acquireCluster();
  kubectl = kubectlFor(cluster.kubeconfigPath);
  const kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  authz = kc.makeApiClient(AuthorizationV1Api);
  assert.equal(kubectl(['create', 'namespace', ns]).status, 0);
  const rbacKinds = new Set(['ServiceAccount', 'Role', 'RoleBinding', 'ClusterRole', 'ClusterRoleBinding']);
  const objects = template({ release, namespace: ns }).filter((o) => rbacKinds.has(o.kind));
  for (const o of objects)
    if (o.kind.startsWith('Cluster')) clusterScoped.push(`${o.kind.toLowerCase()}/${o.metadata.name}`);
  kubectl.apply(objects);
});

after(async () => {
  if (kubectl) {
    if (clusterScoped.length > 0) kubectl(['delete', '--wait=false', ...clusterScoped]);
    kubectl(['delete', 'namespace', ns, '--wait=false']);
  }
  await cluster?.release();
});

async function allowed(service: string, check: Check, rel = release): Promise<boolean> {
  const m = /^(\S+) ([^/\s]*)\/([^/\s]+)(?:\/(\S+))? (?:(\S+) )?@(\S+)$/.exec(check);
  assert.ok(m, `malformed check '${check}'`);
  const [, verb, group, resource, subresource, name, where] = m;
  const namespace = where === 'ns' ? ns : where === '*' ? 'some-app' : undefined;
  const review = await authz.createSubjectAccessReview({
    body: {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SubjectAccessReview',
      spec: {
        user: `system:serviceaccount:${ns}:${rel}-${service}`,
        groups: ['system:serviceaccounts', `system:serviceaccounts:${ns}`, 'system:authenticated'],
        resourceAttributes: { verb, group, resource, subresource, name, namespace },
      },
    },
  });
  return review.status?.allowed === true;
}

describe('RBAC: each service account may do what its service does, and no more', () => {
  for (const [service, { allowed: want, forbidden }] of Object.entries(matrix)) {
    test(service, async () => {
      const wrong: string[] = [];
      for (const check of want)
        if (!(await allowed(service, check))) wrong.push(`denied but needed: ${check}`);
      for (const check of forbidden)
        if (await allowed(service, check)) wrong.push(`allowed but forbidden: ${check}`);
      assert.deepEqual(wrong, []);
    });
  }
});

describe('RBAC with containerLaunchPriority on', () => {
  // A second release in the same namespace, only its sidecarset-controller's account and rules.
  const launchRelease = `${release}-lp`;
  test("sidecarset-controller may read, create and patch ConfigMaps (the pods' barriers), nothing more", async () => {
    const objects = template({
      release: launchRelease,
      namespace: ns,
      set: { containerLaunchPriority: 'true' },
    }).filter(
      (o) =>
        ['ServiceAccount', 'ClusterRole', 'ClusterRoleBinding'].includes(o.kind) &&
        o.metadata.name === `${launchRelease}-sidecarset-controller`,
    );
    assert.equal(objects.length, 3);
    for (const o of objects)
      if (o.kind.startsWith('Cluster')) clusterScoped.push(`${o.kind.toLowerCase()}/${o.metadata.name}`);
    kubectl.apply(objects);
    const wrong: string[] = [];
    for (const check of [
      'get /configmaps @*',
      'create /configmaps @*',
      'patch /configmaps @*',
      'patch /pods @*',
    ])
      if (!(await allowed('sidecarset-controller', check, launchRelease)))
        wrong.push(`denied but needed: ${check}`);
    for (const check of ['delete /configmaps @*', 'list /configmaps @*', 'get /secrets @*'])
      if (await allowed('sidecarset-controller', check, launchRelease))
        wrong.push(`allowed but forbidden: ${check}`);
    assert.deepEqual(wrong, []);
  });
});
