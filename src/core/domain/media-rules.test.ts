import { describe, expect, it } from 'vitest';
import { checkMediaSet, MB, mediaKindOf } from './media-rules.js';

const image = (sizeBytes = MB) => ({ kind: 'image' as const, sizeBytes });

describe('media rules', () => {
  it('maps detected MIME types to kinds and refuses the rest', () => {
    expect(mediaKindOf('image/jpeg')).toBe('image');
    expect(mediaKindOf('image/webp')).toBe('image');
    expect(mediaKindOf('image/gif')).toBe('gif');
    expect(mediaKindOf('video/mp4')).toBe('video');
    expect(mediaKindOf('video/quicktime')).toBeUndefined();
    expect(mediaKindOf('image/svg+xml')).toBeUndefined();
  });

  it('accepts up to 4 images and refuses a 5th', () => {
    expect(checkMediaSet([image(), image(), image(), image()])).toEqual([]);
    expect(checkMediaSet([image(), image(), image(), image(), image()]).map((p) => p.rule)).toEqual([
      'too_many',
    ]);
  });

  it('enforces each size limit at its boundary', () => {
    expect(checkMediaSet([image(5 * MB)])).toEqual([]);
    expect(checkMediaSet([image(5 * MB + 1)])[0]?.message).toMatch(/at most 5 MB/);
    expect(checkMediaSet([{ kind: 'gif', sizeBytes: 15 * MB }])).toEqual([]);
    expect(checkMediaSet([{ kind: 'gif', sizeBytes: 15 * MB + 1 }]).map((p) => p.rule)).toEqual([
      'too_large',
    ]);
    expect(checkMediaSet([{ kind: 'video', sizeBytes: 512 * MB }])).toEqual([]);
    expect(checkMediaSet([{ kind: 'video', sizeBytes: 512 * MB + 1 }]).map((p) => p.rule)).toEqual([
      'too_large',
    ]);
  });

  it('GIF and video are exclusive, in either order', () => {
    expect(checkMediaSet([{ kind: 'gif', sizeBytes: MB }, image()]).map((p) => p.rule)).toEqual([
      'exclusive',
    ]);
    expect(checkMediaSet([image(), { kind: 'video', sizeBytes: MB }]).map((p) => p.rule)).toEqual([
      'exclusive',
    ]);
    expect(
      checkMediaSet([
        { kind: 'video', sizeBytes: MB },
        { kind: 'video', sizeBytes: MB },
      ]).map((p) => p.rule),
    ).toEqual(['exclusive']);
  });
});
