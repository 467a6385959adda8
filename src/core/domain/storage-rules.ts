// Where the database may live: `[storage] db_path` must name an SQLite file (a new one, or one SQLite
// wrote), never a directory, another kind of file, or a place in the operating system's own folders.
// Refused on save and on load alike: a service pointed there could not start. Pure: infra probes the file.
import { type ResolvedPath, SYSTEM_LOCATIONS } from './note-locations.js';

export type FileKind = 'missing' | 'directory' | 'database' | 'other';

/** Looks at a path (infra: a stat and the first bytes). */
export interface FileProbe {
  kind(path: string): FileKind;
}

/** Where a service's own data commonly lives on a server: a database there is fine (unlike notes). */
const DATA_HOMES = new Set<string>(['/var', '/opt', '/root', '/snap', '/private/var']);
const SYSTEM = SYSTEM_LOCATIONS.filter((root) => !DATA_HOMES.has(root));

const inSystem = (path: string) =>
  path === '/' || SYSTEM.some((root) => path === root || path.startsWith(`${root}/`));

export function dbPathProblem(path: ResolvedPath, probe: FileProbe): string | undefined {
  const system = [path.written, path.real].find(inSystem);
  if (system)
    return `${system} is in a system location; keep the database in the data dir or a folder of your own`;
  const kind = probe.kind(path.real);
  if (kind === 'directory')
    return `${path.written} is a directory; name the database file inside it (e.g. ${path.written.replace(/\/$/, '')}/app.db)`;
  if (kind === 'other')
    return `${path.written} exists and is not an SQLite database; name a new file or an existing database`;
  return undefined;
}
