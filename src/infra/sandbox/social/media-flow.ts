// Media upload state machine: INIT → APPEND (in order from 0) → FINALIZE → STATUS polls → succeeded or
// failed; plus one-shot simple uploads. Only sizes and running SHA-256 states are kept, never the bytes.
import type { Hash } from 'node:crypto';
import { ByteSink, imageSize, type SniffedType, sniff } from './media-sniff.js';
import type { MediaKind, MediaRecord } from './model.js';
import { FakeApiError, invalidRequestBody } from './problems.js';
import type { FakeState } from './state.js';

const MB = 1024 * 1024;
export const EXPIRES_AFTER_SECS = 86_400;
export const SEGMENT_LIMIT = 5 * MB;
const SIZE_LIMITS: Record<MediaKind, number> = { image: 5 * MB, gif: 15 * MB, video: 512 * MB };
const KEY_PREFIX: Record<MediaKind, string> = { image: '3', gif: '16', video: '7' };
const KINDS: Record<string, MediaKind> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'gif',
  'video/mp4': 'video',
};
const CATEGORIES = [
  'tweet_image',
  'tweet_gif',
  'tweet_video',
  'amplify_video',
  'dm_image',
  'dm_gif',
  'dm_video',
  'subtitles',
];

/** Running hash per upload, the base it continues from, and the first bytes for type detection. */
const hashes = new WeakMap<MediaRecord, Hash>();
const heads = new WeakMap<MediaRecord, Buffer>();
const brokenHash = new WeakSet<MediaRecord>();

export function mediaError(message: string, parameter = 'media_id', values: string[] = []): FakeApiError {
  return new FakeApiError(400, invalidRequestBody([{ message, parameters: { [parameter]: values } }]));
}

function checkCategory(category: unknown): string {
  if (category === undefined || category === null || category === '') return '';
  const value = String(category).toLowerCase();
  if (!CATEGORIES.includes(value))
    throw mediaError(`Invalid media_category: ${value}`, 'media_category', [value]);
  return value;
}

function newRecord(
  state: FakeState,
  ownerId: string,
  mediaType: string,
  kind: MediaKind,
  category: string,
  totalBytes: number,
) {
  const createdAt = state.now();
  const id = state.ids.snowflake(createdAt);
  const record: MediaRecord = {
    id,
    mediaKey: `${KEY_PREFIX[kind]}_${id}`,
    ownerId,
    mediaType,
    category,
    kind,
    totalBytes,
    receivedBytes: 0,
    nextSegment: 0,
    state: 'uploading',
    polls: 0,
    pollsNeeded: state.settings.processingPolls,
    willFail: false,
    createdAt,
    expiresAt: createdAt + EXPIRES_AFTER_SECS * 1000,
    width: 0,
    height: 0,
  };
  state.media.set(id, record);
  state.stats.mediaCreated += 1;
  return record;
}

export function initUpload(state: FakeState, ownerId: string, input: Record<string, unknown>) {
  const mediaType = String(input.media_type ?? '');
  const kind = KINDS[mediaType];
  if (!kind)
    throw mediaError(`Unsupported media_type: ${mediaType || '(missing)'}`, 'media_type', [mediaType]);
  const total = Number(input.total_bytes);
  if (!Number.isInteger(total) || total <= 0) {
    throw mediaError('total_bytes must be a positive integer', 'total_bytes', [String(input.total_bytes)]);
  }
  if (total > SIZE_LIMITS[kind]) {
    throw mediaError(`File size exceeds ${SIZE_LIMITS[kind]} bytes.`, 'total_bytes', [String(total)]);
  }
  const record = newRecord(state, ownerId, mediaType, kind, checkCategory(input.media_category), total);
  return { data: { id: record.id, media_key: record.mediaKey, expires_after_secs: EXPIRES_AFTER_SECS } };
}

/** The upload an APPEND/FINALIZE/STATUS names, if it exists, is the caller's and has not expired. */
export function findUpload(state: FakeState, ownerId: string, mediaId: unknown): MediaRecord {
  const id = String(mediaId ?? '');
  const record = state.media.get(id);
  if (!record || record.ownerId !== ownerId || record.expiresAt <= state.now()) {
    throw mediaError('Your media IDs are invalid.', 'media_id', [id]);
  }
  return record;
}

/** A sink that continues the upload's running hash (a copy, so a rejected segment leaves no trace). */
export function segmentSink(record: MediaRecord): { sink: ByteSink; base: number } {
  const running = hashes.get(record);
  return { sink: running ? new ByteSink(running.copy()) : new ByteSink(), base: record.receivedBytes };
}

export function applySegment(
  record: MediaRecord,
  rawIndex: unknown,
  sink: ByteSink,
  base: number | undefined,
) {
  if (record.state !== 'uploading')
    throw mediaError('Media upload was already finalized.', 'media_id', [record.id]);
  const index = Number(rawIndex);
  if (rawIndex === undefined || rawIndex === '' || !Number.isInteger(index) || index < 0 || index > 999) {
    throw mediaError('segment_index must be an integer between 0 and 999', 'segment_index', [
      String(rawIndex),
    ]);
  }
  if (index !== record.nextSegment) {
    throw mediaError(
      `Segments must be uploaded in order: expected segment_index ${record.nextSegment}`,
      'segment_index',
      [String(index)],
    );
  }
  if (sink.size === 0) throw mediaError('The media part is missing or empty.', 'media', []);
  if (sink.size > SEGMENT_LIMIT)
    throw mediaError(`Segment size exceeds ${SEGMENT_LIMIT} bytes.`, 'media', [String(sink.size)]);
  // The hash only stays exact when this segment continued from the latest state of the upload.
  if (base !== record.receivedBytes && !(base === undefined && record.receivedBytes === 0))
    brokenHash.add(record);
  if (index === 0) heads.set(record, sink.head());
  hashes.set(record, sink.hash);
  record.receivedBytes += sink.size;
  record.nextSegment += 1;
  return { data: { expires_at: Math.floor(record.expiresAt / 1000) } };
}

export function finalizeUpload(state: FakeState, record: MediaRecord) {
  if (record.state === 'uploading') {
    if (record.receivedBytes !== record.totalBytes) {
      throw mediaError('Segments do not add up to provided total file size.', 'media_id', [record.id]);
    }
    const detected = sniff(heads.get(record) ?? Buffer.alloc(0));
    if (record.kind === 'image' && detected !== record.mediaType) {
      throw mediaError('media type unrecognized.', 'media_id', [record.id]);
    }
    const running = hashes.get(record);
    if (running && !brokenHash.has(record)) record.sha256 = running.digest('hex');
    hashes.delete(record);
    if (record.kind === 'image') {
      const size = imageSize(record.mediaType as SniffedType, heads.get(record) ?? Buffer.alloc(0));
      record.width = size.w;
      record.height = size.h;
      record.state = 'succeeded';
    } else {
      record.state = 'pending';
      record.willFail = state.settings.failNextProcessing || detected !== expectedVideoType(record);
      state.settings.failNextProcessing = false;
    }
    heads.delete(record);
  }
  return {
    data: { ...describe(record), size: record.totalBytes, expires_after_secs: secondsLeft(state, record) },
  };
}

function expectedVideoType(record: MediaRecord): SniffedType {
  return record.kind === 'gif' ? 'image/gif' : 'video/mp4';
}

/** Each STATUS poll moves processing one step; the n-th poll (setProcessingPolls) ends it. */
export function pollStatus(record: MediaRecord) {
  if (record.state === 'uploading')
    throw mediaError('Media upload has not been finalized.', 'media_id', [record.id]);
  if (record.state === 'pending' || record.state === 'in_progress') {
    record.polls += 1;
    if (record.polls >= record.pollsNeeded) record.state = record.willFail ? 'failed' : 'succeeded';
    else record.state = 'in_progress';
  }
  return { data: { id: record.id, media_key: record.mediaKey, processing_info: processingInfo(record) } };
}

function processingInfo(record: MediaRecord): Record<string, unknown> {
  const progress = Math.round((Math.min(record.polls, record.pollsNeeded) / record.pollsNeeded) * 100);
  switch (record.state) {
    case 'pending':
      return { state: 'pending', check_after_secs: 1 };
    case 'in_progress':
      return { state: 'in_progress', check_after_secs: 1, progress_percent: progress };
    case 'failed':
      return {
        state: 'failed',
        progress_percent: progress,
        error: {
          code: 1,
          name: 'InvalidMedia',
          message: 'Invalid or Unsupported media, Reason: UnsupportedMedia.',
        },
      };
    default:
      return { state: 'succeeded', progress_percent: 100 };
  }
}

function describe(record: MediaRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { id: record.id, media_key: record.mediaKey };
  if (record.kind === 'image')
    out.image = { image_type: record.mediaType, w: record.width, h: record.height };
  else if (record.kind === 'video') out.video = { video_type: record.mediaType };
  if (record.state !== 'succeeded' || record.kind !== 'image') out.processing_info = processingInfo(record);
  return out;
}

function secondsLeft(state: FakeState, record: MediaRecord): number {
  return Math.max(0, Math.floor((record.expiresAt - state.now()) / 1000));
}

/** One-shot upload of an image or GIF already streamed through `sink`. */
export function simpleUpload(state: FakeState, ownerId: string, sink: ByteSink, category: unknown) {
  if (sink.size === 0) throw mediaError('The media part is missing or empty.', 'media', []);
  const head = sink.head();
  const type = sniff(head);
  if (!type) throw mediaError('media type unrecognized.', 'media', []);
  const kind = KINDS[type] ?? 'image';
  if (kind === 'video')
    throw mediaError('Videos must be uploaded with the chunked upload commands.', 'media', []);
  if (sink.size > SIZE_LIMITS[kind])
    throw mediaError(`File size exceeds ${SIZE_LIMITS[kind]} bytes.`, 'media', [String(sink.size)]);
  const record = newRecord(state, ownerId, type, kind, checkCategory(category), sink.size);
  const size = imageSize(type, head);
  record.receivedBytes = sink.size;
  record.width = size.w;
  record.height = size.h;
  record.sha256 = sink.hash.digest('hex');
  record.state = 'succeeded';
  return {
    data: {
      id: record.id,
      media_key: record.mediaKey,
      size: record.totalBytes,
      expires_after_secs: EXPIRES_AFTER_SECS,
      image: { image_type: type, w: size.w, h: size.h },
    },
  };
}
