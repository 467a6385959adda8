// Where an image's own data ends, read from its structure: PNG after the IEND chunk, JPEG after the EOI
// marker, GIF after its trailer byte, WebP at the size its RIFF header declares. Bytes past that point are
// no part of the picture (a hidden payload, or another file glued on), so tool uploads refuse them.

/** The image types whose end `imageDataEnd` can find. */
export const END_CHECKED_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

const NAMES: Record<string, { name: string; end: string }> = {
  'image/png': { name: 'PNG', end: 'its IEND chunk' },
  'image/jpeg': { name: 'JPEG', end: 'its end-of-image marker' },
  'image/gif': { name: 'GIF', end: 'its trailer' },
  'image/webp': { name: 'WebP', end: 'the size in its RIFF header' },
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function pngEnd(bytes: Uint8Array, view: DataView): number | undefined {
  if (bytes.length < 8 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return undefined;
  // Chunks are length (4) + type (4) + data + CRC (4); IEND is always the last one.
  for (let pos = 8; pos + 12 <= bytes.length; ) {
    const next = pos + 12 + view.getUint32(pos);
    if (next > bytes.length) return undefined;
    if (ascii(bytes, pos + 4, 4) === 'IEND') return next;
    pos = next;
  }
  return undefined;
}

function jpegEnd(bytes: Uint8Array): number | undefined {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) !== 0xff || at(1) !== 0xd8) return undefined;
  let pos = 2;
  while (pos < bytes.length) {
    if (at(pos) !== 0xff) return undefined;
    while (at(pos) === 0xff) pos++; // fill bytes may precede any marker
    const marker = at(pos);
    pos++;
    if (marker === 0xd9) return pos;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length: TEM, RSTn
    if (marker <= 0x00 || marker === 0xd8 || pos + 2 > bytes.length) return undefined;
    const length = (at(pos) << 8) | at(pos + 1);
    if (length < 2 || pos + length > bytes.length) return undefined;
    pos += length;
    if (marker !== 0xda) continue;
    // After a start-of-scan header comes entropy-coded data, which has no length: it runs to the first
    // 0xFF that is neither a stuffed 0xFF00 nor a restart marker (RST0-7).
    while (pos < bytes.length) {
      if (at(pos) !== 0xff) pos++;
      else if (at(pos + 1) === 0x00 || (at(pos + 1) >= 0xd0 && at(pos + 1) <= 0xd7)) pos += 2;
      else if (at(pos + 1) === 0xff) pos++;
      else if (at(pos + 1) === -1) return undefined;
      else break;
    }
  }
  return undefined;
}

function gifEnd(bytes: Uint8Array): number | undefined {
  const at = (i: number) => bytes[i] ?? -1;
  const version = ascii(bytes, 0, 6);
  if (bytes.length < 13 || (version !== 'GIF87a' && version !== 'GIF89a')) return undefined;
  const colorTable = (flags: number) => (flags & 0x80 ? 3 * (1 << ((flags & 0x07) + 1)) : 0);
  let pos = 13 + colorTable(at(10));
  while (pos < bytes.length) {
    const block = at(pos);
    if (block === 0x3b) return pos + 1;
    if (block === 0x21) {
      pos += 2; // extension introducer and label
    } else if (block === 0x2c) {
      if (pos + 10 > bytes.length) return undefined;
      pos += 10 + colorTable(at(pos + 9)) + 1; // descriptor, local colour table, LZW minimum code size
    } else {
      return undefined;
    }
    // Data sub-blocks: a size byte and that many bytes, until an empty one.
    for (let size = at(pos); size !== 0; size = at(pos)) {
      if (size === -1) return undefined;
      pos += 1 + size;
    }
    pos++;
  }
  // Some encoders leave out the trailer; data that stops right after a whole block hides nothing.
  return pos === bytes.length ? pos : undefined;
}

function webpEnd(bytes: Uint8Array, view: DataView): number | undefined {
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return undefined;
  const end = 8 + view.getUint32(4, true);
  return end <= bytes.length ? end : undefined;
}

/**
 * The offset just past the image's last byte of its own data, or undefined when its structure is broken or
 * cut short before its end. Only for END_CHECKED_TYPES; other types answer undefined.
 */
export function imageDataEnd(bytes: Uint8Array, mimeType: string): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (mimeType) {
    case 'image/png':
      return pngEnd(bytes, view);
    case 'image/jpeg':
      return jpegEnd(bytes);
    case 'image/gif':
      return gifEnd(bytes);
    case 'image/webp':
      return webpEnd(bytes, view);
    default:
      return undefined;
  }
}

/**
 * Why these bytes are not exactly one complete image of `mimeType` (cut short, malformed, or with bytes after
 * its end), or undefined when they are. Types outside END_CHECKED_TYPES are never questioned.
 */
export function imageEndProblem(bytes: Uint8Array, mimeType: string): string | undefined {
  const names = NAMES[mimeType];
  if (!names || !END_CHECKED_TYPES.has(mimeType)) return undefined;
  const end = imageDataEnd(bytes, mimeType);
  if (end === undefined) return `it is not a complete ${names.name} image (cut short or malformed)`;
  if (end < bytes.length) {
    const extra = bytes.length - end;
    return `it has ${extra} byte${extra === 1 ? '' : 's'} after the end of the ${names.name} image (${names.end}); save a clean copy and upload that`;
  }
  return undefined;
}
