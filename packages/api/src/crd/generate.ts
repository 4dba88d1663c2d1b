// Builds the CustomResourceDefinition objects from the kind registry and the TypeBox schemas.
import { kindSchemas } from './kind-schemas.ts';
import { group, type KindInfo, kinds, storageVersion, versions } from './kinds.ts';
import { type OpenAPISchema, toOpenAPI } from './openapi.ts';

export interface CustomResourceDefinition {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'CustomResourceDefinition';
  metadata: { name: string; annotations?: Record<string, string> };
  spec: {
    group: string;
    names: { kind: string; listKind: string; plural: string; singular: string; shortNames?: string[] };
    scope: 'Namespaced' | 'Cluster';
    conversion: CrdConversion;
    versions: CrdVersion[];
  };
}

export type CrdConversion =
  | { strategy: 'None' }
  | {
      strategy: 'Webhook';
      webhook: {
        conversionReviewVersions: string[];
        clientConfig: {
          url?: string;
          caBundle?: string;
          service?: { namespace: string; name: string; path?: string; port?: number };
        };
      };
    };

export interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  additionalPrinterColumns: {
    name: string;
    type: string;
    jsonPath: string;
    description: string;
    priority?: number;
  }[];
  schema: { openAPIV3Schema: OpenAPISchema };
  subresources: {
    status: Record<string, never>;
    scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath: string };
  };
}

function versionSchema(info: KindInfo, version: (typeof versions)[number]): OpenAPISchema {
  const schema = toOpenAPI(kindSchemas[info.kind][version]);
  const properties = { ...(schema.properties as OpenAPISchema) };
  // The apiserver owns ObjectMeta at the top level and only allows `type: object` there.
  properties.metadata = { type: 'object' };
  properties.apiVersion = { type: 'string', description: 'APIVersion of this representation of the object.' };
  properties.kind = { type: 'string', description: 'Kind of the REST resource this object represents.' };
  return {
    description: `${info.kind} is the Schema for the ${info.plural} API (apps.kruise.io/${version}).`,
    properties: Object.fromEntries(Object.entries(properties).sort(([a], [b]) => a.localeCompare(b))),
    type: 'object',
  };
}

export function buildCrd(info: KindInfo): CustomResourceDefinition {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${info.plural}.${group}` },
    spec: {
      group,
      names: {
        kind: info.kind,
        listKind: info.listKind,
        plural: info.plural,
        singular: info.singular,
        ...(info.shortNames.length > 0 ? { shortNames: [...info.shortNames] } : {}),
      },
      scope: info.scope,
      conversion: { strategy: 'None' },
      versions: versions.map((version) => ({
        name: version,
        served: true,
        storage: version === storageVersion,
        additionalPrinterColumns: info.columns.map((c) => ({ ...c })),
        schema: { openAPIV3Schema: versionSchema(info, version) },
        subresources: {
          status: {},
          ...(info.scale
            ? {
                scale: {
                  specReplicasPath: '.spec.replicas',
                  statusReplicasPath: '.status.replicas',
                  labelSelectorPath: '.status.labelSelector',
                },
              }
            : {}),
        },
      })),
    },
  };
}

/** All CRDs as committed under deploy/crds (conversion strategy None). */
export function buildCrds(): CustomResourceDefinition[] {
  return kinds.map(buildCrd);
}

export interface ConversionWebhookOptions {
  /** Either a URL (https://host:port/convert) or an in-cluster service. */
  url?: string;
  service?: { namespace: string; name: string; path?: string; port?: number };
  /** Base64 PEM bundle of the CA that signed the webhook's serving certificate. */
  caBundle: string;
}

/**
 * The same CRDs with `strategy: Webhook` pointing at the conversion webhook (served by the webhook server).
 * Kruise enables webhook conversion for every kind it converts; kruise-ts does for all five, since its
 * conversion keeps fields the other version lacks.
 */
export function buildCrdsWithConversionWebhook(
  options: ConversionWebhookOptions,
): CustomResourceDefinition[] {
  if ((options.url === undefined) === (options.service === undefined)) {
    throw new Error('conversion webhook needs exactly one of url or service');
  }
  const clientConfig = {
    ...(options.url !== undefined ? { url: options.url } : {}),
    ...(options.service !== undefined ? { service: { ...options.service } } : {}),
    caBundle: options.caBundle,
  };
  return buildCrds().map((crd) => ({
    ...crd,
    spec: {
      ...crd.spec,
      conversion: {
        strategy: 'Webhook',
        webhook: { conversionReviewVersions: ['v1', 'v1beta1'], clientConfig },
      },
    },
  }));
}
