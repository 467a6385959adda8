// Uploads a media file: the type comes from the file's content (magic numbers), never its name; images go
// in one request, GIFs and videos in chunks streamed from disk (never read whole), then wait for processing.
// A caller's progress hears bytes and processing; its cancellation stops between chunks, before FINALIZE.
import { openAsBlob } from 'node:fs';
import { ENDPOINTS } from '../../contracts/platform-endpoints.js';
import type { UploadedMedia } from '../../contracts/social.js';
import { checkMediaSet, MB, mediaKindOf } from '../../core/domain/media-rules.js';
import { AppError } from '../../core/errors.js';
import { cancellationPoint, type RunControl } from '../../core/ports/run-control.js';
import { inspectMediaFile } from '../media/inspect-media-file.js';
import type { HttpTransport } from './http-transport.js';

export const CHUNK_BYTES = 4 * MB;

export interface MediaUploaderOptions {
  transport: HttpTransport;
  sleep?: (ms: number) => Promise<void>;
  /** Give up waiting for processing after this long. */
  processingTimeoutMs?: number;
}

interface MediaData {
  data?: { id?: string; media_key?: string; processing_info?: ProcessingInfo };
}
interface ProcessingInfo {
  state: 'pending' | 'in_progress' | 'succeeded' | 'failed';
  check_after_secs?: number;
  error?: { message?: string; name?: string };
}

const failed = (message: string, cause?: unknown) =>
  new AppError('media_upload_error', `media upload failed: ${message}`, { retryable: false, cause });

export class MediaUploader {
  constructor(private readonly options: MediaUploaderOptions) {}

  async upload(path: string, control: RunControl = {}): Promise<UploadedMedia> {
    const { mimeType, sizeBytes } = await inspectMediaFile(path);
    const kind = mediaKindOf(mimeType) as UploadedMedia['kind'];
    const problems = checkMediaSet([{ kind, sizeBytes, name: path }]);
    if (problems.length > 0)
      throw new AppError('validation_error', problems.map((p) => p.message).join('; '));
    try {
      return kind === 'image'
        ? await this.simple(path, mimeType, sizeBytes)
        : await this.chunked(path, kind, mimeType, sizeBytes, control);
    } catch (error) {
      if (error instanceof AppError && error.code === 'cancelled') throw error;
      if (error instanceof AppError && error.code.startsWith('social_') && error.code !== 'social_api_error')
        throw error;
      if (error instanceof AppError && error.code === 'media_upload_error') throw error;
      throw failed((error as Error).message, error);
    }
  }

  private async simple(path: string, mimeType: string, sizeBytes: number): Promise<UploadedMedia> {
    const form = new FormData();
    form.set('media_category', 'tweet_image');
    form.set('media', await openAsBlob(path, { type: mimeType }), 'media');
    const result = await this.options.transport.send({ endpoint: ENDPOINTS.mediaUpload, form });
    const data = (result.json as MediaData).data;
    if (!data?.id) throw failed('the platform returned no media id');
    return {
      mediaId: data.id,
      mediaKey: data.media_key,
      kind: 'image',
      mimeType,
      sizeBytes,
      strategy: 'simple',
      segments: 1,
    };
  }

  private async chunked(
    path: string,
    kind: 'gif' | 'video',
    mimeType: string,
    sizeBytes: number,
    { signal, progress }: RunControl,
  ): Promise<UploadedMedia> {
    const { transport } = this.options;
    const init = await transport.send({
      endpoint: ENDPOINTS.mediaInitialize,
      json: {
        media_type: mimeType,
        total_bytes: sizeBytes,
        media_category: kind === 'gif' ? 'tweet_gif' : 'tweet_video',
      },
    });
    const id = (init.json as MediaData).data?.id;
    if (!id) throw failed('initialize returned no media id');

    // A file-backed Blob: each chunk is a slice that fetch streams from disk, so neither the file nor a
    // chunk is ever held whole in memory.
    const file = await openAsBlob(path);
    if (file.size !== sizeBytes) throw failed(`${path} changed size while it was being uploaded`);
    const chunks = Math.ceil(sizeBytes / CHUNK_BYTES);
    // Progress is in bytes; the last unit of the total is processing (fractions of it while it runs).
    const total = sizeBytes + 1;
    const mb = (bytes: number) => (bytes / MB).toFixed(1);
    let segments = 0;
    for (let offset = 0; offset < sizeBytes; offset += CHUNK_BYTES, segments++) {
      // Nothing is finalized after a cancel: the unfinished upload expires on the platform unused.
      await cancellationPoint(
        signal,
        `media upload cancelled after ${segments} of ${chunks} chunks; nothing was finalized`,
      );
      const form = new FormData();
      form.set('segment_index', String(segments));
      form.set(
        'media',
        file.slice(offset, Math.min(offset + CHUNK_BYTES, sizeBytes), 'application/octet-stream'),
        'chunk',
      );
      await transport.send({ endpoint: ENDPOINTS.mediaAppend, pathParams: { id }, form });
      const sent = Math.min(offset + CHUNK_BYTES, sizeBytes);
      progress?.(
        sent,
        total,
        `uploaded ${mb(sent)} of ${mb(sizeBytes)} MB (chunk ${segments + 1} of ${chunks})`,
      );
    }
    await cancellationPoint(
      signal,
      `media upload cancelled after all ${chunks} chunks; nothing was finalized`,
    );

    const finalize = await transport.send({ endpoint: ENDPOINTS.mediaFinalize, pathParams: { id } });
    const finalData = (finalize.json as MediaData).data;
    await this.awaitProcessing(id, finalData?.processing_info, (step, state) =>
      progress?.(sizeBytes + step / (step + 1), total, `processing: ${state}`),
    );
    progress?.(total, total, 'processing succeeded');
    return {
      mediaId: id,
      mediaKey: finalData?.media_key,
      kind,
      mimeType,
      sizeBytes,
      strategy: 'chunked',
      segments,
      processing: 'succeeded',
    };
  }

  private async awaitProcessing(
    id: string,
    first: ProcessingInfo | undefined,
    report: (step: number, state: string) => void,
  ): Promise<void> {
    const sleep =
      this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const deadline = Date.now() + (this.options.processingTimeoutMs ?? 10 * 60_000);
    let info = first;
    let step = 0;
    while (info && info.state !== 'succeeded') {
      report(++step, info.state);
      if (info.state === 'failed')
        throw failed(`processing failed: ${info.error?.message ?? info.error?.name ?? 'unknown'}`);
      if (Date.now() > deadline) throw failed('processing did not finish in time');
      await sleep(Math.max(1, info.check_after_secs ?? 1) * 1000);
      const status = await this.options.transport.send({
        endpoint: ENDPOINTS.mediaStatus,
        query: { command: 'STATUS', media_id: id },
      });
      info = (status.json as MediaData).data?.processing_info;
    }
  }
}
