// Parameters the analytics and telemetry operations share: look-back windows (the spec's `days`, and the
// reference catalog's `since_hours`, which wins when both are given) and list sizes.
import { z } from 'zod';

export const days = (fallback: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(365)
    .default(fallback)
    .describe(`Look-back in days, 1-365 (default ${fallback}).`);

export const sinceHours = z
  .number()
  .int()
  .min(1)
  .max(8760)
  .optional()
  .describe('Look-back in hours, 1-8760; overrides days when given.');

export const limit = (fallback: number, max: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(`Most rows to return, 1-${max} (default ${fallback}).`);

export const offset = z
  .number()
  .int()
  .min(0)
  .max(100_000)
  .default(0)
  .describe('Skip this many of the newest rows first (paging), default 0.');
