// The public address of a post, as loop-back writes it into notes. The web host is a parameter (config
// holds it) so it is not hard-coded twice.

const USERNAME = /^[A-Za-z0-9_]{1,15}$/;

/**
 * `<webHost>/<username>/status/<id>`; `i` stands in for a missing or malformed username (the platform
 * redirects `/i/status/<id>` to the post). A trailing slash on `webHost` is ignored.
 */
export function postStatusUrl(webHost: string, postId: string, username?: string | null): string {
  const host = webHost.replace(/\/+$/, '');
  const user = username && USERNAME.test(username) ? username : 'i';
  return `${host}/${user}/status/${encodeURIComponent(postId)}`;
}
