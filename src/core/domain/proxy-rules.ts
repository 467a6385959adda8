// `[server] trusted_proxies`: whose X-Forwarded-For is believed. The schema accepts addresses, CIDR ranges
// and the named ranges Fastify knows; a range wider than a /8 is a warning, since anyone in it can choose
// the address the login throttle counts, which switches the throttle off for them.

/** Entries of the list that trust more than a /8 (or a whole family). */
export function wideProxyRanges(entries: readonly string[]): string[] {
  return entries.filter((entry) => {
    const prefix = /\/(\d{1,3})$/.exec(entry)?.[1];
    return prefix !== undefined && Number(prefix) < 8;
  });
}
