// `npm run settings:docs`: writes the settings tables into README.md between the markers.
import { readFileSync, writeFileSync } from 'node:fs';
import { README_PATH, withSettingsDocs } from './docs.ts';

const before = readFileSync(README_PATH, 'utf8');
const after = withSettingsDocs(before);
if (after === before) console.log(`${README_PATH} is up to date`);
else {
  writeFileSync(README_PATH, after);
  console.log(`wrote ${README_PATH}`);
}
