// Writes deploy/webhooks/*.yaml (Service mode, caBundle injected by cert-manager at run time), and the same files
// into the Helm chart (deploy/chart/files/webhooks), whose template sets the release's Service and policies.
// Usage: npm run generate -w @kruise-ts/webhook-server
import { mkdirSync, writeFileSync } from 'node:fs';
import { renderManifests } from '../render.ts';

for (const dir of ['deploy/webhooks', 'deploy/chart/files/webhooks']) {
  mkdirSync(new URL(`../../../../${dir}/`, import.meta.url), { recursive: true });
  for (const file of renderManifests()) {
    writeFileSync(new URL(`../../../../${dir}/${file.name}`, import.meta.url), file.text);
    console.log(`wrote ${dir}/${file.name}`);
  }
}
