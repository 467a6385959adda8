// Where notes may be read from (DECISIONS: content sources never read system or secret locations, nor the
// data dir). Pure: callers resolve `~` and symlinks first and pass absolute POSIX paths; the dashboard
// bundles this too.

/** Folders of the operating system; a source there (or below, except under `/`) is refused. */
export const SYSTEM_LOCATIONS = [
  '/etc',
  '/proc',
  '/sys',
  '/dev',
  '/boot',
  '/var',
  '/root',
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/run',
  '/snap',
  '/opt',
  '/lost+found',
  '/private/etc',
  '/private/var',
  '/System',
  '/Library',
] as const;

/** Folder names that hold keys, tokens and passwords, wherever they appear in a path. */
export const SECRET_FOLDERS = [
  '.ssh',
  '.gnupg',
  '.gpg',
  '.aws',
  '.azure',
  '.config',
  '.kube',
  '.docker',
  '.password-store',
  '.local',
  '.pki',
  '.gcloud',
  '.oci',
  '.terraform.d',
  '.vault',
  '.cargo',
  '.m2',
  '.gem',
  '.npm',
  '.mozilla',
  '.thunderbird',
  'keychains',
] as const;

/** `a//b/./c/../d` → `/a/b/d`; undefined for a path that is not absolute. */
export function normalizeAbsolute(path: string): string | undefined {
  if (!path.startsWith('/')) return undefined;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

export const isWithin = (path: string, folder: string) =>
  folder === '/' ? path.startsWith('/') : path === folder || path.startsWith(`${folder}/`);

/** The system folder `path` is (or lies in), if any. */
export function systemLocationOf(path: string): string | undefined {
  if (path === '/') return '/';
  return SYSTEM_LOCATIONS.find((folder) => isWithin(path, folder));
}

/** The first secret folder named in `path`, if any (names compared without case: macOS ignores it). */
export function secretFolderIn(path: string): string | undefined {
  const names = new Set<string>(SECRET_FOLDERS);
  return path.split('/').find((part) => names.has(part.toLowerCase()));
}

/** A path as written (`~` expanded, made absolute) and with every symlink resolved. */
export interface ResolvedPath {
  written: string;
  real: string;
}

/**
 * Why a folder may not be a content source, or undefined: a system location, a secret folder, or the
 * service's data directory (`dataDir`, resolved the same way). Both spellings of the path are judged.
 */
export function folderLocationProblem(path: ResolvedPath, dataDir?: ResolvedPath): string | undefined {
  const via = (real: string) =>
    real === path.written ? path.written : `${path.written} resolves to ${real},`;
  for (const candidate of [path.written, path.real]) {
    const system = systemLocationOf(candidate);
    if (system) {
      return candidate === path.written
        ? `${path.written} is a system location`
        : `${via(candidate)} a system location`;
    }
    const secret = secretFolderIn(candidate);
    if (secret) {
      const where = candidate === path.written ? `${path.written} is` : `${via(candidate)} which is`;
      return `${where} inside ${secret}, a folder that keeps secrets`;
    }
    for (const data of dataDir ? [dataDir.written, dataDir.real] : []) {
      if (isWithin(candidate, data)) {
        const what = candidate === data ? 'the data directory' : 'inside the data directory';
        return candidate === path.written
          ? `${path.written} is ${what} of this service`
          : `${via(candidate)} ${what} of this service`;
      }
    }
  }
  return undefined;
}

/**
 * Why a service-account key file may not be read, or undefined. A key is a secret by nature, so secret
 * folders (gcloud keeps its own in ~/.config) are allowed; system locations are not, and it must be JSON.
 */
export function keyFileProblem(path: ResolvedPath): string | undefined {
  for (const candidate of [path.written, path.real]) {
    if (systemLocationOf(candidate)) {
      return candidate === path.written
        ? `${path.written} is a system location; keep the key file elsewhere`
        : `${path.written} resolves to ${candidate}, a system location; keep the key file elsewhere`;
    }
  }
  const name = path.real.split('/').at(-1) ?? '';
  if (!name.toLowerCase().endsWith('.json'))
    return `${path.written} must name a .json key file (the service-account key the cloud console gives)`;
  return undefined;
}
