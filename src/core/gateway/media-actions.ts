// social_upload_media as a gateway action: audited and idempotent (the same file twice in 5 minutes gives
// the first media id), but outside the policy: an upload is preparation, not something anyone sees. It
// reads only files env.mediaFile confines to the media folder and [mcp_policy] upload_allowed_dirs.
import { z } from 'zod';
import { MEDIA_LIMITS, mediaKindOf } from '../domain/media-rules.js';
import { AppError } from '../errors.js';
import { type AnyToolAction, defineAction } from './tool-action.js';

const MB = 1024 * 1024;

export const UploadMediaInput = z.object({
  file_path: z
    .string()
    .trim()
    .min(1)
    .describe(
      'Path of a JPEG, PNG, WebP, GIF or MP4 file inside the media folder (absolute, or a bare file name there, as the media upload returns) or inside a folder listed in [mcp_policy] upload_allowed_dirs; symlinks are resolved first. Any other path, and a missing file, is refused with the same file_read_error.',
    ),
  media_type: z
    .string()
    .optional()
    .describe('Expected MIME type; the real type is read from the file and must match when given.'),
  alt_text: z.string().max(1000).optional().describe('Accessibility description (up to 1000 characters).'),
  dry_run: z.boolean().default(false).describe('Only validate the file; upload nothing.'),
});

/** What an upload (or its dry run) answers. */
export const UploadMediaResult = z.object({
  media_id: z.string().optional().describe('Attach it with media_ids on a post (absent on a dry run).'),
  media_type: z.string().describe('The MIME type read from the file.'),
  file_size_bytes: z.number().int(),
  upload_strategy: z.string().describe('simple (images) or chunked (GIF, video).'),
  segment_count: z.number().int().optional(),
  processing_required: z.boolean().optional().describe('GIF and video: the platform processes it first.'),
  alt_text: z.string().optional(),
  dry_run: z.boolean().optional(),
  valid: z.boolean().optional(),
});

const uploadMedia = defineAction({
  tool: 'social_upload_media',
  category: 'media',
  params: UploadMediaInput,
  platform: (params) => !params.dry_run,
  ungated: true,
  result: UploadMediaResult,
  async execute(env, params): Promise<z.output<typeof UploadMediaResult>> {
    const path = await env.mediaFile(params.file_path);
    const { mimeType, sizeBytes } = await env.inspectMedia(path);
    if (params.media_type && params.media_type.toLowerCase() !== mimeType) {
      throw new AppError(
        'unsupported_media_type',
        `the file is ${mimeType}, not ${params.media_type} as media_type says`,
      );
    }
    const kind = mediaKindOf(mimeType);
    const limit = kind ? MEDIA_LIMITS[kind].maxBytes : 0;
    const base = {
      media_type: mimeType,
      file_size_bytes: sizeBytes,
      upload_strategy: kind === 'image' ? 'simple' : 'chunked',
      ...(params.alt_text ? { alt_text: params.alt_text } : {}),
    };
    if (sizeBytes > limit) {
      throw new AppError(
        'validation_error',
        `${kind} files may be at most ${limit / MB} MB; this one is ${(sizeBytes / MB).toFixed(1)} MB`,
      );
    }
    if (params.dry_run) return { ...base, dry_run: true, valid: true };
    const uploaded = await env.write.uploadMedia(path, {
      altText: params.alt_text,
      signal: env.signal,
      progress: env.progress,
    });
    return {
      ...base,
      media_id: uploaded.mediaId,
      upload_strategy: uploaded.strategy,
      segment_count: uploaded.segments,
      processing_required: uploaded.kind !== 'image',
    };
  },
});

export const MEDIA_ACTIONS: readonly AnyToolAction[] = [uploadMedia];
