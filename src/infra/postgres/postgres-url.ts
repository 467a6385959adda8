// A Postgres connection URL as the user gives it (`postgres://user:password@host:port/db`): checked before
// anything connects, and shown only with its password masked, in every message and error.
import { AppError } from '../../core/errors.js';

const PROTOCOLS = new Set(['postgres:', 'postgresql:']);
const MASK = '***';

/** The URL with its password (if any) replaced by `***`; text that is not a URL is masked after a `:` before `@`. */
export function maskPostgresUrl(text: string): string {
  try {
    const url = new URL(text);
    if (url.password) url.password = MASK;
    // libpq's spelling as a parameter, which node-postgres reads too.
    if (url.searchParams.has('password')) url.searchParams.set('password', MASK);
    return url.toString();
  } catch {
    // Not a URL at all: still never echo what looks like `user:secret@`.
    return text.replace(/(\/\/[^/:@]*:)[^@/]*@/, `$1${MASK}@`);
  }
}

/** Every spelling of the URL's password (as typed and decoded) replaced by `***` in `text`. */
export function maskPassword(text: string, urlText: string): string {
  const secrets = new Set<string>();
  try {
    const url = new URL(urlText);
    secrets.add(url.password);
    secrets.add(url.searchParams.get('password') ?? '');
    // The parameter as typed, before URLSearchParams decoded it.
    secrets.add(/[?&]password=([^&#]*)/.exec(url.search)?.[1] ?? '');
  } catch {
    secrets.add(/\/\/[^/:@]*:([^@/]*)@/.exec(urlText)?.[1] ?? '');
  }
  for (const secret of [...secrets]) {
    try {
      secrets.add(decodeURIComponent(secret));
    } catch {
      // A stray % in the password: only the typed spelling can appear.
    }
  }
  secrets.delete('');
  let out = text;
  // Longest first, so a password that contains another spelling of itself is masked whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join(MASK);
  return out;
}

/**
 * The URL if it is a postgres:// or postgresql:// URL (a socket directory in `?host=` is fine); otherwise
 * AppError('invalid_input'), whose message shows the value masked.
 */
export function checkPostgresUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('invalid_input', `'${maskPostgresUrl(text)}' is not a URL (expected postgres://…)`);
  }
  if (!PROTOCOLS.has(url.protocol)) {
    throw new AppError(
      'invalid_input',
      `'${maskPostgresUrl(text)}' is not a postgres:// or postgresql:// URL`,
    );
  }
  return text;
}
