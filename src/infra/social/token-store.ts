// The stored platform tokens (<data dir>/tokens.json, 0600). A missing or damaged file is a state to
// report, not a crash; writes are atomic so a crash mid-save leaves the previous tokens intact.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { type StoredTokens, StoredTokensSchema } from '../../contracts/platform-tokens.js';
import { writeSecretFile } from '../fs/write-secret-file.js';

export type TokenFileState =
  | { state: 'missing' }
  | { state: 'invalid'; message: string }
  | { state: 'ok'; tokens: StoredTokens };

export function readTokenFile(path: string): TokenFileState {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    return { state: 'invalid', message: `cannot read ${path}: ${(error as Error).message}` };
  }
  try {
    const parsed = StoredTokensSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { state: 'ok', tokens: parsed.data };
    return { state: 'invalid', message: `${path} is not a valid token file; run \`app auth\` again` };
  } catch {
    return { state: 'invalid', message: `${path} is not JSON; run \`app auth\` again` };
  }
}

export class TokenStore {
  constructor(readonly path: string) {}

  private get markerPath(): string {
    return `${this.path}.refreshing`;
  }

  read(): TokenFileState {
    return readTokenFile(this.path);
  }

  /** Modification time, to notice tokens written by another process (`app auth`). */
  version(): number {
    return existsSync(this.path) ? statSync(this.path).mtimeMs : 0;
  }

  write(tokens: StoredTokens): void {
    writeSecretFile(this.path, `${JSON.stringify(StoredTokensSchema.parse(tokens), null, 2)}\n`);
  }

  /**
   * A refresh spends the stored refresh token. The marker records that one is under way, so that a process
   * stopped between the platform's answer and the save is recognised afterwards (the chain may be dead).
   */
  /**
   * Claims the refresh for this process (the marker, holding time and pid, doubles as a cross-process
   * lock). Returns false while another live process claimed it less than `staleMs` ago.
   */
  claimRefresh(at: Date, staleMs: number): boolean {
    const mark = `${at.toISOString()} ${process.pid}`;
    try {
      writeFileSync(this.markerPath, mark, { mode: 0o600, flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = this.refreshHolder();
    const fresh = holder && at.getTime() - holder.at.getTime() < staleMs;
    if (fresh && holder.pid !== process.pid && isAlive(holder.pid)) return false;
    writeFileSync(this.markerPath, mark, { mode: 0o600 });
    return true;
  }

  clearRefreshMarker(): void {
    rmSync(this.markerPath, { force: true });
  }

  /** When an unfinished refresh started, if one was interrupted. */
  interruptedRefresh(): Date | undefined {
    return this.refreshHolder()?.at;
  }

  private refreshHolder(): { at: Date; pid: number } | undefined {
    let text: string;
    try {
      text = readFileSync(this.markerPath, 'utf8').trim();
    } catch {
      return undefined;
    }
    const [when = '', pid = ''] = text.split(' ');
    const at = new Date(when);
    return { at: Number.isNaN(at.getTime()) ? new Date(0) : at, pid: Number(pid) || 0 };
  }
}

function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
