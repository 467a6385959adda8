// A time as notes show it: ISO 8601 in UTC to the second (`2026-11-22T12:00:00Z`), the form loop-back
// writes into front-matter (published_at, synced_at).
export const isoSecond = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
