// social_upload_media: uploads a local image, GIF or video and answers the media id to attach to a post.
import { PLATFORM_READ_ERRORS } from '../../contracts/tools/tool-binding.js';
import { UploadMediaInput, UploadMediaResult } from '../../core/gateway/media-actions.js';
import { defineOperation } from '../define-operation.js';
import { WRITE_ADMIN } from '../tool-kit.js';

export const uploadMediaOperation = defineOperation({
  name: 'social_upload_media',
  summary:
    'Upload a JPEG, PNG, WebP (5 MB), GIF (15 MB) or MP4 (512 MB) file from the media folder or a folder in [mcp_policy] upload_allowed_dirs (other paths: file_read_error); the type is read from the file, and an image with bytes after its end is refused (unsupported_media_type). Answers media_id for social_post_tweet. dry_run only validates.',
  input: UploadMediaInput,
  output: UploadMediaResult,
  mutation: true,
  tool: {
    name: 'social_upload_media',
    category: 'media',
    lane: 'workflow',
    profiles: WRITE_ADMIN,
    requires: { social: true, db: true, scopes: ['media.write'], userAuth: true },
    policy: 'gateway',
    errors: [
      ...PLATFORM_READ_ERRORS,
      'scraper_mutation_blocked',
      'unsupported_media_type',
      'file_read_error',
      'media_upload_error',
      'validation_error',
      'policy_denied_blocked',
      'db_error',
    ],
  },
  action: 'social_upload_media',
});
