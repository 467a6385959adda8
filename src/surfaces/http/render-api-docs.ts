// Renders docs/api.md from the operation registry (paths, summaries, request fields, responses) plus the
// routes that are not operations (auth, media) and the error status table.
import { type AnyOperation, faceInput, faceOutputSchema } from '../../operations/define-operation.js';
import { OPERATIONS } from '../../operations/registry.js';
import {
  cell,
  fieldRows,
  fieldsInline,
  type JsonSchema,
  toSchema,
  typeOf,
  typeWithFields,
} from '../json-schema-text.js';
import { STATUS } from './error-response.js';

/** One row per field, nested fields included (`blocks[].id`: required within its card). */
function fieldsTable(schema: JsonSchema, pathParams: string[], method: string): string[] {
  const rows = fieldRows(schema);
  if (rows.length === 0) return ['No fields.'];
  const lines = rows.map(({ name, schema: prop, required, sameAs }) => {
    const top = name.split(/[.[]/)[0] as string;
    const where = pathParams.includes(top) ? 'path' : method === 'GET' ? 'query' : 'body';
    const fallback = prop.default === undefined ? '' : `\`${JSON.stringify(prop.default)}\``;
    const fields = sameAs ? ` Fields as \`${sameAs}\`.` : '';
    const about = `${prop.description ?? ''}${fields}`.trim();
    return `| \`${name}\` | ${cell(typeOf(prop))} | ${required && !fallback ? 'yes' : 'no'} | ${where} | ${fallback} | ${cell(about)} |`;
  });
  return ['| Field | Type | Required | In | Default | Description |', '|---|---|---|---|---|---|', ...lines];
}

/** The answer's shape with every nested field, e.g. `` object: {`items` (object[], each {`id` (integer), …})} ``. */
function outputLine(schema: JsonSchema): string {
  if (schema.type !== 'object' || !schema.properties) return cell(typeWithFields(schema));
  return cell(`object: ${fieldsInline(schema)}`);
}

function operationSection(op: AnyOperation): string[] {
  const http = op.http;
  if (!http) return [];
  const pathParams = [...http.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  return [
    `### ${http.method} ${http.path}`,
    '',
    op.summary,
    '',
    ...fieldsTable(toSchema(faceInput(op, 'http'), 'input'), pathParams, http.method),
    '',
    `Success: **${http.status ?? 200}**, ${outputLine(toSchema(faceOutputSchema(op, 'http'), 'output'))}.`,
    '',
  ];
}

const PREFACE = `# HTTP API

<!-- Generated from the operation registry by \`npm run gen\`; a test fails when this file drifts. -->

Base: \`http://127.0.0.1:3001\` (\`[server] host/port\`). JSON in and out. Every route needs authentication,
decided on the route the request matched, except the ones marked public: \`GET /api/health\`,
\`POST /api/auth/login\`, \`GET /api/auth/status\`, \`POST /api/auth/logout\`, the cloud drive's OAuth callback
\`GET /api/connectors/cloud-drive/callback\` and the page at \`/\`:

- API clients send \`Authorization: Bearer <token>\`, the token being the content of \`<data dir>/api_token\`
  (64 hex characters, created with mode 0600 at first start).
- The dashboard logs in with \`POST /api/auth/login {"passphrase": "…"}\` (set it with \`app passphrase\`), which
  answers \`{csrf_token, expires_at}\` and sets the \`app_session\` cookie (HttpOnly, SameSite=Strict, 7 days).
  Every write with the cookie must send \`X-CSRF-Token: <csrf_token>\`. Five failed logins from one address within
  15 minutes answer 429 with \`Retry-After\` (the count is kept in the database, so a restart does not reset
  it; the address is the socket's, or the forwarded client's only behind a proxy listed in
  \`[server] trusted_proxies\`). \`POST /api/auth/logout\` ends the session; \`GET /api/auth/status\` says who
  you are (and returns the CSRF token again).

Requests whose \`Host\` header is not a loopback name or listed in \`[server] allowed_hosts\` are refused (403).
Only the one canonical spelling of a path is served: percent-encoded letters, digits or separators, \`.\` and
\`..\` segments, empty segments (\`//\`), backslashes, \`;\` and absolute-form targets (\`GET http://host/…\`)
answer 404 without reaching any route; paths are case-sensitive.

**Accounts.** Every authenticated route acts on one account: the default one (\`default_account\`, else
\`default\`), unless the request names another of the config's accounts (\`[accounts.<name>]\`) with the header
\`X-App-Account: <name>\`; a read may name it with the query parameter \`account=<name>\` instead (an \`<img>\`
or an \`EventSource\` cannot send headers; a header and a parameter that disagree are 400). Ids are the
account's own: another account's draft, approval item, media file or job answers 404 as if it did not exist.
An account the config does not have, or one the credential may not use, answers 404 \`not_found\` ("no such
account") after authentication, and the refusal is logged with the route and the credential's kind. The
spec's paths without the header act on the default account exactly as with one account.

Reads (\`GET\`) take their fields from the query string; writes (\`POST\`, \`PUT\`, \`PATCH\`, \`DELETE\`) take
them from a JSON body (\`Content-Type: application/json\`) and never from the query string: a query string on a
write is 400, any other body type 415 (the upload takes \`multipart/form-data\`). JSON bodies are limited to
1 MiB (413), media uploads to 512 MiB, request targets to 8192 characters (414), path parameters to 200
characters (414), request headers to 16 KiB (431). JSON nested deeper than 64 levels, as a whole body or in
any one field, is 400 \`validation_error\` naming the field (\`details.issues\`).

Every answer under \`/api\` carries \`X-Content-Type-Options: nosniff\` and \`Cache-Control: no-store\`, errors
included (every error elsewhere too); only a media preview (\`GET /api/media/file\`) is kept, privately, for an
hour, and the account picture (\`GET /api/account/profile/picture\`) for a day. The dashboard's hashed files
under \`/assets/\` are cached for a year.

Nested fields are listed under their parent: \`blocks[].id\` is the \`id\` of each element of \`blocks\`,
\`blocks.version\` a key of \`blocks\` when it is an object; "Required" is within the parent. Answers list
every field, nested ones inline; optional ones are marked.

## Errors

Every error has one shape: \`{"error": {"code": "…", "message": "…", "details": …}}\`. Codes are the service's
28 error codes plus a few the spec's list has no name for: \`conflict\` (409: a stale \`version\` —
\`details.current\` holds the server's state — or an item someone else already reviewed), \`payload_too_large\`
(413), \`internal\` (500: a bug of ours; the message carries a correlation id that finds it in the log, nothing
else is revealed), and the HTTP face's own refusals \`unauthenticated\` (401), \`forbidden\` (403: CSRF, host),
\`uri_too_long\` (414), \`headers_too_large\` (431), \`throttled\` (429). An unsupported body or file type is
\`unsupported_media_type\` (415); a malformed request or body (bad JSON, bad URL encoding, broken multipart)
\`invalid_input\` (400). Rate-limited answers carry \`Retry-After\` and \`details.rate_limit_reset\`.

| Code | Status |
|---|---|
`;

const MEDIA = `## Media

### POST /api/media/upload

Multipart form with one file part (any field name; the dashboard uses \`file\`). The type is read from the
content (JPEG, PNG, WebP, GIF, MP4), never the file name; size caps: image 5 MB, GIF 15 MB, video 512 MB
(413 beyond). Success: **201**, object: \`id\`, \`path\` (put it in \`media_paths\`), \`file_name\`, \`media_type\`,
\`kind\` (image, gif, video), \`size\`, \`width\`, \`height\` (images; null when unknown).

### GET /api/media/file?path=…

Serves an uploaded file (by the \`path\` from the upload, or its file name) with its MIME type. Only files inside
\`<data dir>/media\` are served: traversal, other absolute paths and symlinks leading out answer 400
\`invalid_input\`; a missing file 404.

## Account picture

### GET /api/account/profile/picture

The signed-in account's profile picture as kept by \`GET /api/account/profile\` (which says \`has_picture\`),
so the dashboard never loads it from the platform's image host. Answers the bytes with their type (JPEG, PNG,
GIF or WebP, read from the bytes when the picture was downloaded: only over https from the platform's image
host or from the configured API's own origin, no redirects, at most 1 MB), \`Cache-Control: private,
max-age=86400\` and \`X-Content-Type-Options: nosniff\`; 404 \`not_found\` when none is kept, or when the kept one
belongs to another account than the login's. Any query string (the dashboard adds \`v=<fetched_at>\`) is ignored.

## Cloud drive callback

Linking starts at \`POST /api/connectors/cloud-drive/link\` (see Connectors).

### GET /api/connectors/cloud-drive/callback?code=…&state=…

Public: the browser returns here from the consent page. The code is exchanged, the account's email read and
its refresh token stored encrypted (AES-256-GCM, key in \`<data dir>/connector.key\`). Answers a small HTML page
(strict CSP) that posts \`{type: "connector_linked", connector: "cloud_drive", id}\` to \`window.opener\` at this
server's origin and closes; the new \`id\` is what a \`cloud_drive\` source names as \`connection_id\`. An unknown,
used or expired state, a missing code or a denied consent is 400: a page that shows the error (and posts
\`{type: "connector_link_failed", …}\`) when the request accepts HTML, the JSON error otherwise. A state works
once, whatever comes back with it: after a callback with \`error=…\`, its link can no longer be completed.
`;

export function renderApiDocs(): string {
  const table = Object.entries(STATUS).map(([code, status]) => `| \`${code}\` | ${status} |`);
  const groups = new Map<string, AnyOperation[]>();
  for (const op of OPERATIONS) {
    if (!op.http) continue;
    const group = op.name.split('.')[0] as string;
    groups.set(group, [...(groups.get(group) ?? []), op]);
  }
  const titles: Record<string, string> = {
    content: 'Compose',
    drafts: 'Drafts',
    tags: 'Tags',
    approvals: 'Approval queue',
    connectors: 'Connectors',
    notes: 'Notes and sources',
    posting: 'Posting jobs',
    assist: 'AI assist',
    settings: 'Settings',
    account: 'Account',
  };
  const sections = [...groups].flatMap(([group, ops]) => [
    `## ${titles[group] ?? group}`,
    '',
    ...ops.flatMap(operationSection),
  ]);
  return `${PREFACE}${table.join('\n')}\n\n${sections.join('\n')}\n${MEDIA}`;
}
