// The stored platform tokens (<data dir>/tokens.json, 0600). A missing or damaged file is a state to
// report, not a crash; writes are atomic so a crash mid-save leaves the previous tokens intact.
import { linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { type StoredTokens, StoredTokensSchema } from '../../contracts/platform-tokens.js';
import { isAlive } from '../fs/file-lock.js';
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

/** A refresh claimed by this process; `interrupted` when it took over an unfinished one. */
export interface RefreshClaim {
  interrupted?: Date;
}

interface RefreshMarker {
  text: string;
  at: Date;
  pid: number;
  inDoubt: boolean;
}

const IN_DOUBT = 'in-doubt';

export class TokenStore {
  /** The marker text of the claim this process holds, so it never releases somebody else's. */
  private ownMark: string | undefined;

  constructor(readonly path: string) {}

  private get markerPath(): string {
    return `${this.path}.refreshing`;
  }

  read(): TokenFileState {
    return readTokenFile(this.path);
  }

  /** Modification time, to notice tokens written by another process (`app auth`); 0 without a file. */
  version(): number {
    // One stat (read at every platform call), not an exists check and a stat.
    return statSync(this.path, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  }

  write(tokens: StoredTokens): void {
    writeSecretFile(this.path, `${JSON.stringify(StoredTokensSchema.parse(tokens), null, 2)}\n`);
  }

  /**
   * Claims the refresh for this process. The marker (`<start> <pid>`, plus ` in-doubt` once its holder let
   * go without knowing whether the platform spent the token) doubles as a cross-process lock: the claim
   * fails only while another live process holds a claim younger than `staleMs`. A claim that takes over an
   * abandoned refresh (holder dead, stale, or in doubt) returns when that one started: its token may be spent.
   */
  claimRefresh(at: Date, staleMs: number): RefreshClaim | undefined {
    const mark = `${at.toISOString()} ${process.pid}`;
    // Bounded: each pass ends in a claim, a live holder, or a race lost to another claimant that moved.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (this.createMarker(mark)) return this.claimed(mark, {});
      const seen = this.readMarker();
      if (!seen) continue; // released in the meantime
      const abandoned =
        seen.inDoubt ||
        seen.pid === process.pid ||
        at.getTime() - seen.at.getTime() >= staleMs ||
        !isAlive(seen.pid);
      if (!abandoned) return undefined;
      if (this.removeMarkerIf(seen.text) && this.createMarker(mark))
        return this.claimed(mark, { interrupted: seen.at });
    }
    return undefined;
  }

  /** The holder is done (tokens saved, or the platform refused): frees the lock if it is still ours. */
  releaseRefresh(): void {
    if (this.ownMark) this.removeMarkerIf(this.ownMark);
    this.ownMark = undefined;
  }

  /**
   * The holder gives up without knowing whether the platform spent the token (network trouble). The record
   * stays, so whoever refreshes next can name the interrupted refresh, but waiting processes stop waiting
   * and take over at once instead of sitting out the stale window.
   */
  releaseInDoubt(): void {
    const mark = this.ownMark;
    this.ownMark = undefined;
    if (!mark || this.readMarker()?.text !== mark) return;
    const temp = `${this.markerPath}.${process.pid}.doubt`;
    writeFileSync(temp, `${mark} ${IN_DOUBT}`, { mode: 0o600 });
    renameSync(temp, this.markerPath); // atomic: a reader sees the claim or the doubt, never half a file
  }

  /** Forgets any refresh record (a new login supersedes it). */
  clearRefreshMarker(): void {
    this.ownMark = undefined;
    rmSync(this.markerPath, { force: true });
  }

  /** When an unfinished refresh started, if one was interrupted (or is still under way). */
  interruptedRefresh(): Date | undefined {
    return this.readMarker()?.at;
  }

  private claimed(mark: string, claim: RefreshClaim): RefreshClaim {
    this.ownMark = mark;
    return claim;
  }

  /** Creates the marker only if none exists, complete from the first instant (write aside, then link). */
  private createMarker(mark: string): boolean {
    const temp = `${this.markerPath}.${process.pid}.new`;
    writeFileSync(temp, mark, { mode: 0o600 });
    try {
      linkSync(temp, this.markerPath);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return false;
    } finally {
      rmSync(temp, { force: true });
    }
  }

  /**
   * Removes the marker only if it still reads `seen`: moving it aside is atomic, so of several processes
   * taking over the same abandoned refresh exactly one succeeds, and a claim made meanwhile is put back.
   */
  private removeMarkerIf(seen: string): boolean {
    const aside = `${this.markerPath}.${process.pid}.taken`;
    try {
      renameSync(this.markerPath, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    try {
      if (readFileSync(aside, 'utf8') === seen) return true;
      linkSync(aside, this.markerPath); // not ours to remove; EEXIST only if yet another claim appeared
      return false;
    } catch {
      return false;
    } finally {
      rmSync(aside, { force: true });
    }
  }

  private readMarker(): RefreshMarker | undefined {
    let text: string;
    try {
      text = readFileSync(this.markerPath, 'utf8');
    } catch {
      return undefined;
    }
    // Unreadable content parses as a claim from 1970 by pid 0: stale and dead, so it is taken over.
    const [when = '', pid = '', state = ''] = text.trim().split(' ');
    const at = new Date(when);
    return {
      text,
      at: Number.isNaN(at.getTime()) ? new Date(0) : at,
      pid: Number(pid) || 0,
      inDoubt: state === IN_DOUBT,
    };
  }
}
