// Where each schema of src/contracts is exported (module and name), found by identity: the dashboard's
// generated client names the very schema object an operation declares, imported from contracts (the only
// server code the web bundle may import), so the client cannot describe another schema than the server's.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface ContractExport {
  /** Module path under src/contracts as an import names it, e.g. `drafts.js`, `tools/tool-params.js`. */
  module: string;
  name: string;
}

const CONTRACTS = fileURLToPath(new URL('../../contracts/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    })
    .sort();
}

/**
 * Every object exported by a contracts module → where it is exported. An object exported under several
 * names keeps the first (modules by path, names in order), so the answer does not depend on load order.
 */
export async function contractExports(): Promise<Map<unknown, ContractExport>> {
  const found = new Map<unknown, ContractExport>();
  for (const file of sourceFiles(CONTRACTS)) {
    const module = relative(CONTRACTS, file).replaceAll('\\', '/').replace(/\.ts$/, '.js');
    const exported = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const name of Object.keys(exported).sort()) {
      const value = exported[name];
      if (value !== null && typeof value === 'object' && !found.has(value))
        found.set(value, { module, name });
    }
  }
  return found;
}
