import { describe, expect, it } from 'vitest';
import { cropSeverity, gridSlots, showsCropBadge, THREE_IMAGE_LEFT_SHARE } from './media-grid.js';

describe('media grid', () => {
  it('slots per image count, at most 4 shown', () => {
    expect(gridSlots(0)).toEqual([]);
    expect(gridSlots(1)).toEqual([16 / 9]);
    expect(gridSlots(2)).toEqual([0.8, 0.8]);
    expect(gridSlots(3)).toEqual([2 / 3, 1, 1]);
    expect(gridSlots(4)).toEqual([1, 1, 1, 1]);
    expect(gridSlots(7)).toHaveLength(4);
  });

  it('crop severity at the badge boundary in a 1:1 slot; 3:2 shows the badge, 4:3 does not', () => {
    expect(showsCropBadge(1.4, 1)).toBe(false);
    expect(showsCropBadge(1.45, 1)).toBe(true);
    expect(showsCropBadge(1.55, 1)).toBe(true);
    expect(showsCropBadge(1.65, 1)).toBe(true);
    expect(cropSeverity(3 / 2, 1)).toBeCloseTo(0.333, 3);
    expect(showsCropBadge(4 / 3, 1)).toBe(false);
    expect(cropSeverity(16 / 9, 16 / 9)).toBe(0);
    expect(cropSeverity(1, 1.5)).toBeCloseTo(cropSeverity(1.5, 1), 10);
  });

  it('three images: the left 2:3 slot is as tall as the two stacked squares', () => {
    const width = 700;
    const left = width * THREE_IMAGE_LEFT_SHARE;
    const right = width - left;
    expect(left * 1.5).toBeCloseTo(right * 2, 6);
  });
});
