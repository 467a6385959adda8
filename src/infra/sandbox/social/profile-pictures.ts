// The fake's image host for profile pictures, on its own origin so tests (and the service under test) can fetch
// them without leaving the machine: `GET /profile_images/<user id>/<name>_<size>.<ext>`, public like the
// platform's CDN. Any size suffix (`_normal`, `_bigger`, `_mini`, `_400x400`, none) answers the same bytes: the
// picture a test set (as given, whatever its type), or a PNG in a colour drawn from the user's id.
import type { FastifyInstance } from 'fastify';
import { solidPng } from '../solid-png.js';
import type { FakeState } from './state.js';

const FILE = /^([A-Za-z0-9-]+?)(?:_(?:normal|bigger|mini|400x400))?\.(?:png|jpe?g|gif|webp)$/;
const SIZE = 400;

/** The picture name without its size suffix and extension (`/profile_images/1/abc_normal.png` → `abc`). */
function baseName(file: string): string | undefined {
  return FILE.exec(file)?.[1];
}

export function registerProfilePictureRoutes(app: FastifyInstance, state: FakeState): void {
  app.get('/profile_images/:id/:file', async (req, reply) => {
    const { id, file } = req.params as { id: string; file: string };
    const user = state.users.get(id);
    const served = user?.profileImagePath.split('/').pop() ?? '';
    // Only the user's current picture (any size of it); an old or made-up name is gone, as on the platform.
    if (!user || baseName(file) === undefined || baseName(file) !== baseName(served)) {
      return reply.code(404).type('text/plain').send('Not Found');
    }
    const picture = user.picture ?? { bytes: generatedPng(id), contentType: 'image/png' };
    return reply
      .type(picture.contentType)
      .header('cache-control', 'max-age=604800')
      .header('content-length', String(picture.bytes.length))
      .send(picture.bytes);
  });
}

const cache = new Map<string, Buffer>();

/** A square PNG in one colour of the user's own (the same id draws the same picture). */
export function generatedPng(id: string): Buffer {
  const known = cache.get(id);
  if (known) return known;
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const png = solidPng(SIZE, SIZE, [
    64 + (hash & 0x7f),
    64 + ((hash >> 7) & 0x7f),
    64 + ((hash >> 14) & 0x7f),
  ]);
  cache.set(id, png);
  return png;
}
