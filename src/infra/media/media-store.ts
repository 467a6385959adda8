// The media folder: saves uploads (type from content, per-kind caps, dimensions, one media_files row),
// describes stored files for compose validation, and resolves requested paths for serving.
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, realpath, rename, rm } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import { imageSizeFromFile } from 'image-size/fromFile';
import type { MediaKind } from '../../contracts/social.js';
import { MB, MEDIA_LIMITS, mediaKindOf } from '../../core/domain/media-rules.js';
import { AppError, tooLargeError } from '../../core/errors.js';
import type { Clock } from '../../core/ports/clock.js';
import type { MediaFileRecord, MediaFileRepository } from '../sqlite/repositories/media-file-repository.js';
import { isStrictlyInside, resolveMediaPath } from './resolve-media-path.js';
import { writeStreamToFile } from './write-stream-to-file.js';

export interface MediaStoreOptions {
  /** Folder holding the uploads (`<data dir>/media`); created 0700 on first save. */
  mediaDir: string;
  repository: MediaFileRepository;
  accountId: string;
  clock: Clock;
  /** Bytes read at most before the type is known; defaults to the largest kind cap (video, 512 MB). */
  maxUploadBytes?: number;
}

export interface SaveOptions {
  /** Reports whether the source was cut short by its own limit (e.g. multipart `fileSize`). */
  wasTruncated?: () => boolean;
}

export interface StoredMedia {
  id: string;
  /** Absolute path: what compose requests put in `media_paths`. */
  path: string;
  file_name: string;
  original_name: string | null;
  mime: string;
  kind: MediaKind;
  size_bytes: number;
  sha256: string;
  width?: number;
  height?: number;
  created_at: string;
}

export interface ResolvedMedia {
  absolutePath: string;
  mime: string;
  sizeBytes: number;
}

export interface OpenedMedia extends ResolvedMedia {
  /** The file's bytes; closes its descriptor when consumed or destroyed. */
  stream: Readable;
}

export interface MediaDescription {
  kind: MediaKind;
  sizeBytes: number;
  width?: number;
  height?: number;
}

/** Stored file extension per accepted MIME type; the name a client sent is never used. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
};

const ACCEPTED = 'JPEG, PNG, WebP, GIF, MP4';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const formatMb = (bytes: number) => `${(bytes / MB).toFixed(bytes % MB === 0 ? 0 : 1)} MB`;

/** Keeps only a printable base name: the original name is shown to the user, never used as a path. */
function cleanOriginalName(name: string): string | null {
  const base = basename(name.replaceAll('\\', '/'))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return base.length > 0 ? base : null;
}

async function readDimensions(path: string): Promise<{ width: number; height: number } | undefined> {
  try {
    const size = await imageSizeFromFile(path);
    if (!size.width || !size.height) return undefined;
    // EXIF orientations 5-8 rotate by 90°: the preview (and its crop badge) sees the swapped sides.
    const rotated = size.orientation !== undefined && size.orientation >= 5;
    return rotated ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    // Headers image-size cannot read leave the dimensions unknown; the file is still a valid upload.
    return undefined;
  }
}

function toStoredMedia(record: MediaFileRecord): StoredMedia {
  return {
    id: record.id,
    path: record.path,
    file_name: basename(record.path),
    original_name: record.originalName,
    mime: record.mime,
    kind: record.kind,
    size_bytes: record.sizeBytes,
    sha256: record.sha256,
    ...(record.width !== null ? { width: record.width } : {}),
    ...(record.height !== null ? { height: record.height } : {}),
    created_at: record.createdAt.toISOString(),
  };
}

export class MediaStore {
  readonly mediaDir: string;
  readonly accountId: string;
  private readonly repository: MediaFileRepository;
  private readonly clock: Clock;
  private readonly maxUploadBytes: number;

  constructor(options: MediaStoreOptions) {
    this.mediaDir = resolve(options.mediaDir);
    this.accountId = options.accountId;
    this.repository = options.repository;
    this.clock = options.clock;
    this.maxUploadBytes = options.maxUploadBytes ?? MEDIA_LIMITS.video.maxBytes;
  }

  /**
   * Streams an upload to disk, detects its type from the content, enforces the per-kind cap, reads image
   * dimensions and records it. Throws tooLargeError (413) or AppError('unsupported_media_type'); after any
   * failure no file is left behind.
   */
  async save(stream: Readable, originalName: string, options: SaveOptions = {}): Promise<StoredMedia> {
    await mkdir(this.mediaDir, { recursive: true, mode: 0o700 });
    const id = randomUUID();
    const partPath = join(this.mediaDir, `${id}.part`);
    let finalPath: string | undefined;
    try {
      const written = await writeStreamToFile(stream, partPath, this.maxUploadBytes);
      if (options.wasTruncated?.()) {
        throw tooLargeError(`upload was cut off by the server's size limit`, {
          max_bytes: this.maxUploadBytes,
        });
      }
      const detected = await fileTypeFromFile(partPath);
      const kind = detected ? mediaKindOf(detected.mime) : undefined;
      const extension = detected ? EXTENSIONS[detected.mime] : undefined;
      if (!detected || !kind || !extension) {
        throw new AppError(
          'unsupported_media_type',
          `unsupported media type (${detected?.mime ?? 'unknown'}); accepted: ${ACCEPTED}`,
          { details: { detected: detected?.mime ?? null } },
        );
      }
      const maxBytes = MEDIA_LIMITS[kind].maxBytes;
      if (written.sizeBytes > maxBytes) {
        throw tooLargeError(
          `file is ${formatMb(written.sizeBytes)}; ${kind === 'image' ? 'an' : 'a'} ${kind} may be at most ${formatMb(maxBytes)}`,
          { kind, size_bytes: written.sizeBytes, max_bytes: maxBytes },
        );
      }
      const dimensions = kind === 'video' ? undefined : await readDimensions(partPath);
      finalPath = join(this.mediaDir, `${id}.${extension}`);
      await rename(partPath, finalPath);
      const record: MediaFileRecord = {
        id,
        path: finalPath,
        originalName: cleanOriginalName(originalName),
        mime: detected.mime,
        kind,
        sizeBytes: written.sizeBytes,
        sha256: written.sha256,
        width: dimensions?.width ?? null,
        height: dimensions?.height ?? null,
        durationMs: null,
        createdAt: this.clock.now(),
      };
      await this.repository.insert(record);
      return toStoredMedia(record);
    } catch (error) {
      await rm(partPath, { force: true }).catch(() => undefined);
      if (finalPath) await rm(finalPath, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Kind, size and dimensions of stored files, keyed by the string asked for (absolute path or bare file
   * name). Reads the database only, so compose can validate per-card media without touching the disk;
   * unknown paths are absent from the map.
   */
  async describe(paths: readonly string[]): Promise<Map<string, MediaDescription>> {
    const stored = new Map<string, string>();
    for (const requested of paths) {
      const path = this.storedPathOf(requested);
      if (path) stored.set(requested, path);
    }
    const records = new Map(
      (await this.repository.listByPaths([...stored.values()])).map((r) => [r.path, r]),
    );
    const described = new Map<string, MediaDescription>();
    for (const [requested, path] of stored) {
      const record = records.get(path);
      if (!record) continue;
      described.set(requested, {
        kind: record.kind,
        sizeBytes: record.sizeBytes,
        ...(record.width !== null ? { width: record.width } : {}),
        ...(record.height !== null ? { height: record.height } : {}),
      });
    }
    return described;
  }

  /** The stored file with this id, absolute path or bare file name; undefined when there is none. */
  async get(idOrPath: string): Promise<StoredMedia | undefined> {
    if (UUID.test(idOrPath)) {
      const byId = await this.repository.findById(idOrPath.toLowerCase());
      if (byId) return toStoredMedia(byId);
    }
    const path = this.storedPathOf(idOrPath);
    const record = path ? await this.repository.findByPath(path) : undefined;
    return record ? toStoredMedia(record) : undefined;
  }

  /**
   * Resolves a requested path for serving: AppError('invalid_input', 'invalid media path') unless it is a
   * regular file strictly inside the real media folder, AppError('not_found') when it is allowed but absent.
   * The MIME type comes from the record, or from the content for files the database does not know.
   */
  async resolve(requested: string): Promise<ResolvedMedia> {
    const found = await resolveMediaPath(this.mediaDir, requested);
    // An upload still streaming (or abandoned by a crash) is not a media file yet.
    if (found.relativePath.endsWith('.part')) throw new AppError('not_found', 'media file not found');
    const stored = join(this.mediaDir, found.relativePath);
    const record = await this.repository.findByPath(stored);
    // The folder is shared by every account: another account's upload is not this one's to serve or post.
    if (!record && (await this.repository.storedByAnotherAccount(stored)))
      throw new AppError('not_found', 'media file not found');
    let mime = record?.mime;
    if (!mime) {
      const detected = await fileTypeFromFile(found.realPath).catch(() => undefined);
      // Only accepted media are served; anything else dropped into the folder stays private.
      if (!detected || !mediaKindOf(detected.mime)) throw new AppError('not_found', 'media file not found');
      mime = detected.mime;
    }
    return { absolutePath: found.realPath, mime, sizeBytes: found.sizeBytes };
  }

  /**
   * Resolves like `resolve` and opens the file without following a symlink swapped in meanwhile; size comes
   * from the open descriptor so the content-length matches the bytes streamed.
   */
  async open(requested: string): Promise<OpenedMedia> {
    const resolved = await this.resolve(requested);
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(resolved.absolutePath, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    } catch {
      throw new AppError('not_found', 'media file not found');
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new AppError('invalid_input', 'invalid media path');
      return { ...resolved, sizeBytes: info.size, stream: handle.createReadStream() };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  /**
   * Whether the file at this real path (one confineUploadPath let through) is another account's upload: the
   * media folder is shared, its files are not. Files outside the media folder belong to no account.
   */
  async isAnotherAccountsFile(realPath: string): Promise<boolean> {
    const realDir = await realpath(this.mediaDir).catch(() => this.mediaDir);
    for (const dir of new Set([this.mediaDir, realDir])) {
      if (isStrictlyInside(realPath, dir))
        return this.repository.storedByAnotherAccount(join(this.mediaDir, relative(dir, realPath)));
    }
    return false;
  }

  /** The path a record would carry for an absolute path or bare file name; undefined for anything else. */
  private storedPathOf(requested: string): string | undefined {
    if (requested.length === 0 || requested.includes('\0') || requested.includes('\\')) return undefined;
    if (isAbsolute(requested)) return resolve(requested);
    if (requested.includes('/') || requested === '.' || requested === '..') return undefined;
    return join(this.mediaDir, requested);
  }
}
