// Media files for upload tests, made from real format headers (what type detection reads) plus padding.
import { closeSync, openSync, writeSync } from 'node:fs';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_HEAD = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
const GIF_HEAD = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04', 'latin1');
const WEBP_HEAD = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.from([0x18, 0, 0, 0, 0x30, 0x01, 0, 0x9d, 0x01, 0x2a, 1, 0, 1, 0]),
]);
const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('free'),
]);

export const HEADERS = { png: PNG_1x1, jpeg: JPEG_HEAD, gif: GIF_HEAD, webp: WEBP_HEAD, mp4: MP4_HEAD };

/** Writes `head` followed by zeros up to `size` bytes, in 1 MiB steps (never one huge buffer). */
export function writeMedia(path: string, kind: keyof typeof HEADERS, size = HEADERS[kind].length): string {
  const fd = openSync(path, 'w');
  try {
    const head = HEADERS[kind];
    writeSync(fd, head);
    const zeros = Buffer.alloc(1024 * 1024);
    for (let written = head.length; written < size; ) {
      const n = Math.min(zeros.length, size - written);
      writeSync(fd, zeros, 0, n);
      written += n;
    }
  } finally {
    closeSync(fd);
  }
  return path;
}
