// Numbers and ages as people read them in a score's details (shared by scoring and its breakdown).

/** Follower count as people read it: `500`, `1.2K`, `45.3K`, `1.2M`. */
export function formatFollowerCount(count: number): string {
  const n = count > 0 ? count : 0;
  if (n < 1000) return String(Math.round(n));
  // 999,950 would print as "1000.0K": switch to millions where the rounding would.
  if (n < 999_950) return `${(n / 1000).toFixed(1)}K`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** An age in whole minutes as `12 minutes`, `3 hours` or `2 days` (largest whole unit, rounded down). */
export function formatAge(ageMinutes: number): string {
  const minutes = ageMinutes > 0 ? Math.floor(ageMinutes) : 0;
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}
