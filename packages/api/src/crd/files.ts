// Where the generated CRD manifests live in the repository.
import { fileURLToPath } from 'node:url';

export const crdsDir = fileURLToPath(new URL('../../../../deploy/crds/', import.meta.url));

/** The Helm chart's copy, which its template turns into Webhook conversion through the webhook Service. */
export const chartCrdsDir = fileURLToPath(new URL('../../../../deploy/chart/files/crds/', import.meta.url));
