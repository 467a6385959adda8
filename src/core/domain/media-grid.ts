// The preview's media grid (spec "Preview media grid rules") and how much of an image cover-cropping hides
// (design note): with r = max(image/slot, slot/image) as aspect ratios, severity = 1 − 1/r (0 = no crop,
// towards 1 = extreme); the "cropped" badge shows when severity > 0.3. Three images use columns 4:3 wide so
// the left 2:3 slot is exactly as tall as the two stacked 1:1 slots (no empty band).

export const CROP_BADGE_THRESHOLD = 0.3;
export const MAX_PREVIEW_IMAGES = 4;

/** Slot aspect ratios (width / height) for `count` images, in display order (at most 4 are shown). */
export function gridSlots(count: number): number[] {
  switch (Math.min(count, MAX_PREVIEW_IMAGES)) {
    case 0:
      return [];
    case 1:
      return [16 / 9];
    case 2:
      return [4 / 5, 4 / 5];
    case 3:
      return [2 / 3, 1, 1];
    default:
      return [1, 1, 1, 1];
  }
}

/** The left column's share of the width in the three-image layout (4:3 columns). */
export const THREE_IMAGE_LEFT_SHARE = 4 / 7;

export function cropSeverity(imageAspect: number, slotAspect: number): number {
  if (!(imageAspect > 0) || !(slotAspect > 0)) return 0;
  const r = Math.max(imageAspect / slotAspect, slotAspect / imageAspect);
  return 1 - 1 / r;
}

export const showsCropBadge = (imageAspect: number, slotAspect: number): boolean =>
  cropSeverity(imageAspect, slotAspect) > CROP_BADGE_THRESHOLD;
