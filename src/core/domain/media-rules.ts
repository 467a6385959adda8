// Media constraints per post or thread card (spec): up to 4 images (JPEG/PNG/WebP, 5 MB each), or one GIF
// (15 MB), or one MP4 video (512 MB); GIF and video are exclusive. Shared by the server and the dashboard.
import type { MediaKind } from '../../contracts/social.js';

export const MB = 1024 * 1024;

export const MEDIA_LIMITS: Record<
  MediaKind,
  { maxCount: number; maxBytes: number; mimeTypes: readonly string[] }
> = {
  image: { maxCount: 4, maxBytes: 5 * MB, mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] },
  gif: { maxCount: 1, maxBytes: 15 * MB, mimeTypes: ['image/gif'] },
  video: { maxCount: 1, maxBytes: 512 * MB, mimeTypes: ['video/mp4'] },
};

/** The kind a MIME type (detected from content) belongs to, or undefined when it is not accepted. */
export function mediaKindOf(mimeType: string): MediaKind | undefined {
  for (const [kind, limits] of Object.entries(MEDIA_LIMITS) as Array<
    [MediaKind, (typeof MEDIA_LIMITS)[MediaKind]]
  >) {
    if (limits.mimeTypes.includes(mimeType)) return kind;
  }
  return undefined;
}

export interface MediaItem {
  kind: MediaKind;
  sizeBytes: number;
  /** For messages: a file name or path. */
  name?: string;
}

export interface MediaProblem {
  rule: 'too_large' | 'too_many' | 'exclusive';
  message: string;
}

const formatMb = (bytes: number) => `${(bytes / MB).toFixed(bytes % MB === 0 ? 0 : 1)} MB`;

/** Every rule the set breaks; an empty list means the set may be attached to one post. */
export function checkMediaSet(items: readonly MediaItem[]): MediaProblem[] {
  const problems: MediaProblem[] = [];
  for (const item of items) {
    const limit = MEDIA_LIMITS[item.kind].maxBytes;
    if (item.sizeBytes > limit) {
      problems.push({
        rule: 'too_large',
        message: `${item.name ?? item.kind} is ${formatMb(item.sizeBytes)}; a ${item.kind} may be at most ${formatMb(limit)}`,
      });
    }
  }
  const exclusive = items.filter((i) => i.kind !== 'image');
  if (exclusive.length > 0 && items.length > 1) {
    problems.push({
      rule: 'exclusive',
      message: `a ${exclusive[0]?.kind} must be the only media of a post (got ${items.length} files)`,
    });
  } else if (items.length > MEDIA_LIMITS.image.maxCount) {
    problems.push({ rule: 'too_many', message: `at most 4 images per post (got ${items.length})` });
  }
  return problems;
}
