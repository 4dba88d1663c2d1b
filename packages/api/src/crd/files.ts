// Where the generated CRD manifests live in the repository.
import { fileURLToPath } from 'node:url';

export const crdsDir = fileURLToPath(new URL('../../../../deploy/crds/', import.meta.url));
