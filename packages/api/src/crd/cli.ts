// `npm run generate`: writes deploy/crds/apps.kruise.io_<plural>.yaml from the schemas.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crdsDir } from './files.ts';
import { buildCrds } from './generate.ts';
import { crdFileName, renderCrd } from './render.ts';

mkdirSync(crdsDir, { recursive: true });
for (const crd of buildCrds()) {
  const file = join(crdsDir, crdFileName(crd));
  writeFileSync(file, renderCrd(crd));
  console.log(`wrote ${file}`);
}
