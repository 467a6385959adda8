// The end of a PNG, JPEG, GIF and WebP found from its structure, and the problems reported for bytes past it.
import { describe, expect, it } from 'vitest';
import {
  COMPLETE_IMAGES,
  type CompleteImageKind,
  withTrailer,
} from '../../../test/support/complete-images.js';
import { imageDataEnd, imageEndProblem } from './image-end.js';

const hex = (text: string) => Buffer.from(text.replaceAll(' ', ''), 'hex');
const KINDS = Object.keys(COMPLETE_IMAGES) as CompleteImageKind[];

describe('imageDataEnd', () => {
  it.each(KINDS)('a complete %s ends at its last byte', (kind) => {
    const { bytes, mime } = COMPLETE_IMAGES[kind];
    expect(imageDataEnd(bytes, mime)).toBe(bytes.length);
    expect(imageEndProblem(bytes, mime)).toBeUndefined();
  });

  it.each(KINDS)('a %s followed by other bytes ends where the image does', (kind) => {
    const { bytes, mime } = COMPLETE_IMAGES[kind];
    const dirty = withTrailer(kind, 'payload');
    expect(imageDataEnd(dirty, mime)).toBe(bytes.length);
    expect(imageEndProblem(dirty, mime)).toMatch(/^it has 7 bytes after the end of the \w+ image/);
  });

  it.each(KINDS)('a %s cut short has no end', (kind) => {
    const { bytes, mime } = COMPLETE_IMAGES[kind];
    const cut = bytes.subarray(0, bytes.length - 3);
    expect(imageDataEnd(cut, mime)).toBeUndefined();
    expect(imageEndProblem(cut, mime)).toMatch(/is not a complete \w+ image/);
  });

  it('a PNG whose chunk length runs past the file, or with a bad signature, is broken', () => {
    const png = Buffer.from(COMPLETE_IMAGES.png.bytes);
    png.writeUInt32BE(0x7fffffff, 8);
    expect(imageDataEnd(png, 'image/png')).toBeUndefined();
    expect(imageDataEnd(hex('89504e47 0d0a1a0b'), 'image/png')).toBeUndefined();
  });

  it('JPEG: stuffed 0xFF00, restart markers and fill bytes stay inside the scan; a thumbnail EOI does not end it', () => {
    const head = COMPLETE_IMAGES.jpeg.bytes.subarray(0, -3); // without the scan byte and EOI
    // An APP1 segment whose payload holds a whole embedded JPEG (as EXIF thumbnails do).
    const app1 = Buffer.concat([hex('ffe1 000a'), hex('ffd8 ffd9 0000 ffd9')]);
    const scan = hex('3f ff00 12 ffd0 34 ffff d9');
    const jpeg = Buffer.concat([head.subarray(0, 2), app1, head.subarray(2), scan]);
    expect(imageDataEnd(jpeg, 'image/jpeg')).toBe(jpeg.length);
    // Progressive files have several scans, with tables between them.
    const twoScans = Buffer.concat([
      head,
      hex('3f'),
      hex('ffc4 0014 00 01'),
      Buffer.alloc(15),
      hex('00'),
      hex('ffda 0008 01 01 00 00 3f 00 3f ffd9'),
    ]);
    expect(imageDataEnd(twoScans, 'image/jpeg')).toBe(twoScans.length);
    expect(imageDataEnd(Buffer.concat([twoScans, hex('ffd8 ffd9')]), 'image/jpeg')).toBe(twoScans.length);
  });

  it('JPEG: a segment length past the file, a second SOI or a missing marker is broken', () => {
    expect(imageDataEnd(hex('ffd8 ffe0 ffff 00'), 'image/jpeg')).toBeUndefined();
    expect(imageDataEnd(hex('ffd8 ffd8 ffd9'), 'image/jpeg')).toBeUndefined();
    expect(imageDataEnd(hex('ffd8 00 ffd9'), 'image/jpeg')).toBeUndefined();
    expect(imageDataEnd(hex('ffd8 ffda 0002 1234'), 'image/jpeg')).toBeUndefined();
  });

  it('GIF: extensions and sub-blocks are walked; a missing trailer right after a whole block is tolerated', () => {
    const gif = COMPLETE_IMAGES.gif.bytes;
    const comment = Buffer.concat([hex('21fe 05'), Buffer.from('hello'), hex('00')]);
    const withComment = Buffer.concat([gif.subarray(0, -1), comment, hex('3b')]);
    expect(imageDataEnd(withComment, 'image/gif')).toBe(withComment.length);
    const noTrailer = gif.subarray(0, -1);
    expect(imageDataEnd(noTrailer, 'image/gif')).toBe(noTrailer.length);
    expect(imageEndProblem(noTrailer, 'image/gif')).toBeUndefined();
    // An unknown block where the next one should start is broken.
    expect(imageDataEnd(Buffer.concat([noTrailer, hex('99')]), 'image/gif')).toBeUndefined();
  });

  it('WebP: the RIFF size decides; a size beyond the file is broken', () => {
    const webp = Buffer.from(COMPLETE_IMAGES.webp.bytes);
    webp.writeUInt32LE(1000, 4);
    expect(imageDataEnd(webp, 'image/webp')).toBeUndefined();
    expect(imageDataEnd(Buffer.from('RIFF\x1a\x00\x00\x00AVI LIST'), 'image/webp')).toBeUndefined();
  });

  it('other types are never questioned', () => {
    expect(imageDataEnd(Buffer.from('anything'), 'video/mp4')).toBeUndefined();
    expect(imageEndProblem(Buffer.from('anything'), 'video/mp4')).toBeUndefined();
  });
});
