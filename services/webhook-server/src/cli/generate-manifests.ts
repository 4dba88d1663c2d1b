// Writes deploy/webhooks/*.yaml (Service mode, caBundle injected by cert-manager at run time).
// Usage: npm run generate -w @kruise-ts/webhook-server
import { writeFileSync } from 'node:fs';
import { renderManifests } from '../render.ts';

for (const file of renderManifests()) {
  writeFileSync(new URL(`../../../../deploy/webhooks/${file.name}`, import.meta.url), file.text);
  console.log(`wrote deploy/webhooks/${file.name}`);
}
