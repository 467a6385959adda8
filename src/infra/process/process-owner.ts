// Who this process is when it claims work in the shared database, and whether another claimant is gone:
// on this host a claimant is gone when its pid no longer runs; elsewhere (or when a pid may have been
// reused) a claim goes stale after a long quiet period.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** A claim older than this is taken over even if its process seems alive (pid reuse, another host). */
export const STALE_CLAIM_MS = 30 * 60_000;

export function processOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function ownerGone(me: string, owner: string, startedAt: Date | null, now: Date): boolean {
  if (owner === me) return false;
  if (startedAt && now.getTime() - startedAt.getTime() > STALE_CLAIM_MS) return true;
  const [host, pidText] = owner.split(':');
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  // Another app in this very process (tests, benches) is alive by definition.
  return pid !== process.pid && !pidAlive(pid);
}
