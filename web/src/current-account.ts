// The account the dashboard acts on: the default one unless the user switched (kept in this browser's
// storage, so every tab and a reload stay on it). Every request names it (the X-App-Account header; the
// `account` query parameter where the browser sends the request itself: <img>, <video>, EventSource).
import { readStored, removeStored, type Store, writeStored } from './stored-value.js';

// Read through globalThis: this module is also compiled with the server's code (no DOM types there).
const browser = globalThis as {
  localStorage?: Store;
  location?: { pathname: string; assign(url: string): void };
};

const KEY = 'app.account';
export const ACCOUNT_HEADER = 'x-app-account';

/** The chosen account's name, or undefined for the default account. */
export function currentAccount(): string | undefined {
  const value = browser.localStorage ? readStored(browser.localStorage, KEY) : undefined;
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * Acts on `name` from now on (undefined: the default account) and opens the same page again, its
 * address without the query (an id of the other account's would not be found).
 */
export function switchAccount(name: string | undefined): void {
  const { localStorage, location } = browser;
  if (localStorage && name === undefined) removeStored(localStorage, KEY);
  else if (localStorage) writeStored(localStorage, KEY, name);
  location?.assign(location.pathname);
}

/** `url` with the chosen account as its `account` parameter (unchanged for the default account). */
export function withAccount(url: string): string {
  const account = currentAccount();
  if (account === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams({ account })}`;
}
