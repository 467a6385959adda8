// The fake's image host for profile pictures, on its own origin so tests (and the service under test) can fetch
// them without leaving the machine: `GET /profile_images/<user id>/<name>_<size>.<ext>`, public like the
// platform's CDN. Any size suffix (`_normal`, `_bigger`, `_mini`, `_400x400`, none) answers the same bytes: the
// picture a test set (as given, whatever its type), or a PNG in a colour drawn from the user's id.
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
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
  const rgb = [64 + (hash & 0x7f), 64 + ((hash >> 7) & 0x7f), 64 + ((hash >> 14) & 0x7f)];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + SIZE * 3);
  for (let x = 0; x < SIZE; x++) row.set(rgb, 1 + x * 3);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: SIZE }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  cache.set(id, png);
  return png;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}
