// The account picture (GET /api/account/profile/picture): the kept bytes of the signed-in account's profile
// picture, so the dashboard shows it from this server and never from the platform's image host. Authenticated
// like every route; 404 when none is kept. Not an operation: its answer is an image, not JSON.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../core/errors.js';
import { accountDepsOf } from '../auth/account-scope.js';

/** Kept a day in the browser's private cache; the dashboard asks with the profile's `fetched_at` as `v`. */
export const PICTURE_CACHE_CONTROL = 'private, max-age=86400';

export function registerAccountRoutes(app: FastifyInstance): void {
  app.get('/api/account/profile/picture', async (request, reply) => {
    const picture = await accountDepsOf(request).accountProfiles.picture();
    if (!picture) throw new AppError('not_found', 'no profile picture is kept for the signed-in account');
    return reply
      .headers({
        'content-type': picture.content_type,
        'content-length': String(picture.bytes.byteLength),
        'x-content-type-options': 'nosniff',
        'cache-control': PICTURE_CACHE_CONTROL,
      })
      .send(Buffer.from(picture.bytes.buffer, picture.bytes.byteOffset, picture.bytes.byteLength));
  });
}
