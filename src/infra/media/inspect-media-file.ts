// A media file's real type and size, read through one descriptor opened without blocking and without
// following a symlink: a FIFO or device is refused at once instead of holding a libuv pool thread (and with
// it every file operation of the process) until someone writes to it.
import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { fileTypeFromStream } from 'file-type';
import { imageEndProblem } from '../../core/domain/image-end.js';
import { MEDIA_LIMITS, mediaKindOf } from '../../core/domain/media-rules.js';
import { AppError } from '../../core/errors.js';

// O_NONBLOCK makes open() of a FIFO return at once (regular files ignore it); O_NOFOLLOW refuses a symlink
// swapped in after the path was checked. Both are absent on Windows, where neither case arises this way.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

export interface InspectOptions {
  /**
   * Also read images and GIFs whole and refuse one that is cut short or carries bytes after its end
   * (AppError 'unsupported_media_type'). Skipped for files over their kind's size cap.
   */
  wholeImage?: boolean;
}

const unreadable = (path: string, cause: unknown) =>
  new AppError('file_read_error', `cannot read media file ${path}: ${(cause as Error).message}`, { cause });

async function readWhole(handle: FileHandle, size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size);
  let filled = 0;
  while (filled < size) {
    const { bytesRead } = await handle.read(bytes, filled, size - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return bytes.subarray(0, filled);
}

/** The file's real type (from its bytes) and size; unreadable or non-media files are typed errors. */
export async function inspectMediaFile(
  path: string,
  options: InspectOptions = {},
): Promise<{ mimeType: string; sizeBytes: number }> {
  let handle: FileHandle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (cause) {
    throw unreadable(path, cause);
  }
  try {
    let sizeBytes: number;
    let detected: Awaited<ReturnType<typeof fileTypeFromStream>>;
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new AppError('file_read_error', `${path} is not a regular file`);
      sizeBytes = info.size;
      // The type is read through this same descriptor: the path is never opened a second time.
      detected = await fileTypeFromStream(handle.createReadStream({ start: 0, autoClose: false }));
    } catch (cause) {
      throw cause instanceof AppError ? cause : unreadable(path, cause);
    }
    const kind = detected ? mediaKindOf(detected.mime) : undefined;
    if (!detected || !kind) {
      const found = detected ? ` (${detected.mime})` : '';
      throw new AppError(
        'unsupported_media_type',
        `${path} is not a supported media file${found}; accepted: JPEG, PNG, WebP, GIF, MP4`,
      );
    }
    if (options.wholeImage && kind !== 'video' && sizeBytes <= MEDIA_LIMITS[kind].maxBytes) {
      const bytes = await readWhole(handle, sizeBytes).catch((cause: unknown) => {
        throw unreadable(path, cause);
      });
      const problem = imageEndProblem(bytes, detected.mime);
      if (problem) throw new AppError('unsupported_media_type', `${path} is refused: ${problem}`);
    }
    return { mimeType: detected.mime, sizeBytes };
  } finally {
    await handle.close().catch(() => undefined);
  }
}
