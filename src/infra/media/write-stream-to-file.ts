// Streams an upload into a new private file while hashing and counting it, and stops reading as soon as
// the byte limit is passed: a 512 MB cap must never mean 512 MB held in memory or an unbounded file.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MB } from '../../core/domain/media-rules.js';
import { AppError, tooLargeError } from '../../core/errors.js';

export interface WrittenFile {
  sizeBytes: number;
  /** Lower-case hex SHA-256 of the bytes written. */
  sha256: string;
}

/**
 * Writes `source` to `target` (created exclusively, mode 0600) and returns its size and SHA-256.
 * Over `maxBytes` it stops reading, deletes the partial file and throws tooLargeError; any other failure
 * also deletes it and surfaces as AppError('file_read_error') unless it already is an AppError.
 */
export async function writeStreamToFile(
  source: Readable,
  target: string,
  maxBytes: number,
): Promise<WrittenFile> {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  try {
    await pipeline(
      source,
      async function* meter(chunks: AsyncIterable<Buffer | string>) {
        for await (const chunk of chunks) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          sizeBytes += bytes.length;
          // Throwing here makes pipeline destroy the source: nothing more is read from the client.
          if (sizeBytes > maxBytes) {
            throw tooLargeError(`upload is larger than the ${Math.round(maxBytes / MB)} MB limit`, {
              max_bytes: maxBytes,
            });
          }
          hash.update(bytes);
          yield bytes;
        }
      },
      createWriteStream(target, { flags: 'wx', mode: 0o600 }),
    );
  } catch (error) {
    await rm(target, { force: true }).catch(() => undefined);
    if (error instanceof AppError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('file_read_error', `upload could not be stored: ${reason}`, { cause: error });
  }
  return { sizeBytes, sha256: hash.digest('hex') };
}
