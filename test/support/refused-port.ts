// An address that refuses every connection for the whole run. A port that a test binds and then releases
// does not: the kernel hands it out again, and with three test files at once another file's server (a fake,
// a child `app serve`) can be listening there a moment later, answering 404 where the test wanted "cannot
// connect" (seen in a fresh-clone run of e2e/outages.test.ts).
// Port 4 lies below the kernel's ephemeral range (32768 and up by default), so no server opened on port 0
// ever takes it, and nothing of the suite listens on a fixed port. Not 9 or 1: fetch refuses those itself
// ("bad port", the Fetch standard's blocked ports) before connecting, which is not a refused connection.

/** Nothing listens here: a connection is refused at once (ECONNREFUSED), by fetch and node:http alike. */
export const REFUSED_PORT = 4;

/** `http://127.0.0.1:4` followed by `path` (e.g. `/v1` for an LLM base URL). */
export const refusedUrl = (path = ''): string => `http://127.0.0.1:${REFUSED_PORT}${path}`;
