// Recognising uploads by their first bytes (never by extension or declared content type) and reading
// image dimensions from headers, plus the streaming byte sink that counts and hashes without buffering.
import { createHash, type Hash } from 'node:crypto';

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'video/mp4';

/** Enough of the head to find a JPEG frame header behind typical EXIF blocks. */
export const HEAD_BYTES = 64 * 1024;

export function sniff(head: Buffer): SniffedType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  const ascii = head.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  if (ascii.slice(4, 8) === 'ftyp') return 'video/mp4';
  return undefined;
}

export function imageSize(type: SniffedType, head: Buffer): { w: number; h: number } {
  try {
    if (type === 'image/png' && head.length >= 24)
      return { w: head.readUInt32BE(16), h: head.readUInt32BE(20) };
    if (type === 'image/gif' && head.length >= 10)
      return { w: head.readUInt16LE(6), h: head.readUInt16LE(8) };
    if (type === 'image/webp') return webpSize(head);
    if (type === 'image/jpeg') return jpegSize(head);
  } catch {
    // A truncated header just means unknown dimensions, which the platform reports as 0.
  }
  return { w: 0, h: 0 };
}

function webpSize(head: Buffer): { w: number; h: number } {
  const chunk = head.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') return { w: 1 + head.readUIntLE(24, 3), h: 1 + head.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { w: head.readUInt16LE(26) & 0x3fff, h: head.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = head.readUInt32LE(21);
    return { w: (bits & 0x3fff) + 1, h: ((bits >> 14) & 0x3fff) + 1 };
  }
  return { w: 0, h: 0 };
}

function jpegSize(head: Buffer): { w: number; h: number } {
  let offset = 2;
  while (offset + 9 < head.length) {
    if (head[offset] !== 0xff) break;
    const marker = head[offset + 1] ?? 0;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { w: head.readUInt16BE(offset + 7), h: head.readUInt16BE(offset + 5) };
    offset += 2 + head.readUInt16BE(offset + 2);
  }
  return { w: 0, h: 0 };
}

/** Counts, hashes and keeps the first HEAD_BYTES of a stream; the rest of the bytes are dropped. */
export class ByteSink {
  size = 0;
  private readonly headParts: Buffer[] = [];
  private headLength = 0;

  constructor(readonly hash: Hash = createHash('sha256')) {}

  write(chunk: Buffer): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      // Copy: the parser may reuse the chunk's memory.
      this.headParts.push(Buffer.from(part));
      this.headLength += part.length;
    }
  }

  head(): Buffer {
    return Buffer.concat(this.headParts);
  }

  async drain(stream: AsyncIterable<unknown>): Promise<void> {
    for await (const chunk of stream) this.write(chunk as Buffer);
  }
}
