// Regenerates the checked-in derived files. `npm run gen` writes them; tests fail when they drift.
import { mkdirSync, writeFileSync } from 'node:fs';
import { renderConfigDocs } from '../src/infra/config/render-config-docs.js';
import { packagePath, packageVersion } from '../src/infra/package-root.js';
import { renderApiDocs } from '../src/surfaces/http/render-api-docs.js';
import { WEB_CLIENT_FILE, webClientSource } from '../src/surfaces/http/render-web-client.js';
import { buildManifest, MANIFEST_PROFILES, renderManifestJson } from '../src/surfaces/mcp/manifest.js';
import { renderToolDocs } from '../src/surfaces/mcp/render-tool-docs.js';

writeFileSync(packagePath('docs', 'configuration.md'), renderConfigDocs());
writeFileSync(packagePath('docs', 'api.md'), renderApiDocs());
writeFileSync(packagePath('docs', 'tools.md'), renderToolDocs());
mkdirSync(packagePath('docs', 'manifests'), { recursive: true });
for (const profile of MANIFEST_PROFILES) {
  writeFileSync(
    packagePath('docs', 'manifests', `${profile}.json`),
    renderManifestJson(buildManifest(profile, packageVersion())),
  );
}
writeFileSync(packagePath(WEB_CLIENT_FILE), await webClientSource());
process.stdout.write(
  `wrote docs/configuration.md, docs/api.md, docs/tools.md, docs/manifests/*.json and ${WEB_CLIENT_FILE}\n`,
);
