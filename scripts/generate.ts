// Regenerates the checked-in derived files. `npm run gen` writes them; tests fail when they drift.
import { writeFileSync } from 'node:fs';
import { renderConfigDocs } from '../src/infra/config/render-config-docs.js';
import { packagePath } from '../src/infra/package-root.js';
import { renderApiDocs } from '../src/surfaces/http/render-api-docs.js';

writeFileSync(packagePath('docs', 'configuration.md'), renderConfigDocs());
writeFileSync(packagePath('docs', 'api.md'), renderApiDocs());
process.stdout.write('wrote docs/configuration.md and docs/api.md\n');
