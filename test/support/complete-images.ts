// Small images that are complete to their last byte (unlike media-files.ts, whose padding follows the
// header): what the end-of-image check accepts, and the base for the trailing-bytes cases it refuses.
import { HEADERS } from './media-files.js';

const hex = (text: string) => Buffer.from(text.replaceAll(' ', ''), 'hex');

/** A 1x1 grey baseline JPEG: JFIF, one quantisation table, one DC and one AC Huffman table, one scan. */
const JPEG_1x1 = Buffer.concat([
  hex('ffd8'),
  hex('ffe0 0010 4a464946 00 0101 00 0001 0001 0000'),
  hex('ffdb 0043 00'),
  Buffer.alloc(64, 1),
  hex('ffc0 000b 08 0001 0001 01 01 11 00'),
  hex('ffc4 0014 00 01'),
  Buffer.alloc(15),
  hex('00'),
  hex('ffc4 0014 10 01'),
  Buffer.alloc(15),
  hex('00'),
  hex('ffda 0008 01 01 00 00 3f 00'),
  // DC difference 0 and end-of-block: two zero bits, padded with ones.
  hex('3f'),
  hex('ffd9'),
]);

/** The classic 1x1 transparent GIF89a (global colour table, graphic control extension, trailer). */
const GIF_1x1 = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** A 1x1 lossless WebP whose RIFF size matches the file. */
const WEBP_1x1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

export const COMPLETE_IMAGES = {
  png: { bytes: HEADERS.png, mime: 'image/png' },
  jpeg: { bytes: JPEG_1x1, mime: 'image/jpeg' },
  gif: { bytes: GIF_1x1, mime: 'image/gif' },
  webp: { bytes: WEBP_1x1, mime: 'image/webp' },
} as const;

export type CompleteImageKind = keyof typeof COMPLETE_IMAGES;

/** The image followed by `extra` (e.g. a hidden payload). */
export function withTrailer(kind: CompleteImageKind, extra: Buffer | string): Buffer {
  return Buffer.concat([COMPLETE_IMAGES[kind].bytes, Buffer.from(extra)]);
}
