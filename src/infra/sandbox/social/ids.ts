// Identifier generators: snowflake-like post/user ids that grow with the clock, short ads ids, and
// opaque random tokens (access/refresh tokens, authorization codes).
import { randomBytes } from 'node:crypto';

/** The platform's snowflake epoch (2010-11-04). */
const SNOWFLAKE_EPOCH = 1_288_834_974_657n;

export class IdGenerator {
  private readonly sequences = new Map<number, number>();
  private adsCounter = 0;

  /**
   * A numeric-string id for an object created at `ms`: ids follow creation time (so a post seeded in the
   * past sorts before newer ones) and several ids in one millisecond get increasing sequence bits.
   */
  snowflake(ms: number): string {
    const at = Math.max(Number(SNOWFLAKE_EPOCH), Math.floor(ms));
    const sequence = this.sequences.get(at) ?? 0;
    // Re-inserting keeps the map in least-recently-used order for the trim below.
    this.sequences.delete(at);
    this.sequences.set(at, sequence + 1);
    // A long-running demo server would otherwise remember every millisecond it ever minted an id in.
    if (this.sequences.size > 50_000) {
      for (const key of [...this.sequences.keys()].slice(0, 25_000)) this.sequences.delete(key);
    }
    return (((BigInt(at) - SNOWFLAKE_EPOCH) << 22n) + BigInt(sequence)).toString();
  }

  /** Ads API ids are short base-36 strings such as "hwtbm". */
  adsId(): string {
    this.adsCounter += 1;
    return (60_466_176 + this.adsCounter * 7_919).toString(36);
  }

  reset(): void {
    this.sequences.clear();
    this.adsCounter = 0;
  }
}

export function randomToken(bytes = 30): string {
  return randomBytes(bytes).toString('base64url');
}

/** Compares two numeric-string ids without losing precision. */
export function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isNumericId(value: string): boolean {
  return /^[0-9]{1,19}$/.test(value);
}
