// `npm run generate`: writes deploy/crds/apps.kruise.io_<plural>.yaml from the schemas, and the same files
// into the Helm chart (deploy/chart/files/crds), which cannot read outside its own directory.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chartCrdsDir, crdsDir } from './files.ts';
import { buildCrds } from './generate.ts';
import { crdFileName, renderCrd } from './render.ts';

for (const dir of [crdsDir, chartCrdsDir]) {
  mkdirSync(dir, { recursive: true });
  for (const crd of buildCrds()) {
    const file = join(dir, crdFileName(crd));
    writeFileSync(file, renderCrd(crd));
    console.log(`wrote ${file}`);
  }
}
