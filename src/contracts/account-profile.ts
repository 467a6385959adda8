// The signed-in platform account as the dashboard shows it (GET /api/account/profile): its display name,
// handle and whether a picture is kept (served by GET /api/account/profile/picture), never a token.
import { z } from 'zod';

export const AccountProfileSchema = z.object({
  connected: z
    .boolean()
    .describe(
      'Whether a usable platform login exists (false: none, or one that must be renewed with `app auth`).',
    ),
  user_id: z.string().nullable().describe('The account’s platform user id; null when it was never read.'),
  display_name: z
    .string()
    .nullable()
    .describe('Its display name as the platform shows it; null when it was never read (show a placeholder).'),
  username: z.string().nullable().describe('Its handle, without the @; null when it was never read.'),
  has_picture: z
    .boolean()
    .describe('Whether its profile picture is kept here (GET /api/account/profile/picture serves it).'),
  fetched_at: z
    .string()
    .nullable()
    .describe(
      'When the platform was last read for it (ISO 8601); it is read again once older than a day or after a login as another account.',
    ),
});
export type AccountProfile = z.infer<typeof AccountProfileSchema>;

/** The image types a kept profile picture may have (the bytes are checked, not the platform's header). */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ProfilePictureType = (typeof PROFILE_PICTURE_TYPES)[number];

/** A kept profile picture. */
export interface ProfilePicture {
  bytes: Uint8Array;
  content_type: ProfilePictureType;
}
