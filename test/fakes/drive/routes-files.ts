// Drive v3 as the fake answers it: files.list (q, paging, fields), files.get (metadata or alt=media),
// files.export (Google Docs as text), changes.getStartPageToken and changes.list (coalesced per file,
// paged, removed/trashed), all behind expiring Bearer tokens with the drive scope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DRIVE_SCOPE, type DriveAuth } from './drive-auth.js';
import { DriveRequestError, parseFields, parseQuery, type Shape, selectFields } from './drive-query.js';
import { type DriveState, type FakeFile, FOLDER_MIME } from './drive-state.js';

const FILE_SHAPE: Shape = {
  kind: true,
  id: true,
  name: true,
  mimeType: true,
  parents: true,
  trashed: true,
  createdTime: true,
  modifiedTime: true,
  version: true,
  size: true,
  md5Checksum: true,
  webViewLink: true,
};
const LIST_SHAPE: Shape = { kind: true, nextPageToken: true, incompleteSearch: true, files: FILE_SHAPE };
const CHANGE_SHAPE: Shape = {
  kind: true,
  changeType: true,
  time: true,
  removed: true,
  fileId: true,
  file: FILE_SHAPE,
};
const CHANGES_SHAPE: Shape = {
  kind: true,
  nextPageToken: true,
  newStartPageToken: true,
  changes: CHANGE_SHAPE,
};

const DEFAULT_FILE_FIELDS = 'kind,id,name,mimeType';
const DEFAULT_LIST_FIELDS = `kind,nextPageToken,incompleteSearch,files(${DEFAULT_FILE_FIELDS})`;
const DEFAULT_CHANGES_FIELDS = `kind,nextPageToken,newStartPageToken,changes(kind,changeType,time,removed,fileId,file(${DEFAULT_FILE_FIELDS}))`;

type Query = Record<string, string | undefined>;

export function driveError(status: number, reason: string, message: string, location?: string) {
  const statusText: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
  };
  return {
    error: {
      code: status,
      message,
      errors: [
        {
          message,
          domain: 'global',
          reason,
          ...(location ? { locationType: 'parameter', location } : {}),
        },
      ],
      ...(statusText[status] ? { status: statusText[status] } : {}),
    },
  };
}

const isGoogleType = (file: FakeFile) => file.mimeType.startsWith('application/vnd.google-apps.');

export function fileJson(file: FakeFile): Record<string, unknown> {
  return {
    kind: 'drive#file',
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    parents: file.parents,
    trashed: file.trashed,
    createdTime: file.createdTime,
    modifiedTime: file.modifiedTime,
    version: String(file.version),
    ...(isGoogleType(file) ? {} : { size: String(file.content.length) }),
  };
}

function pageSizeOf(query: Query, fallback: number): number {
  if (query.pageSize === undefined) return fallback;
  const size = Number(query.pageSize);
  if (!Number.isInteger(size) || size < 1 || size > 1000)
    throw new DriveRequestError(400, 'invalid', 'Invalid Value', 'pageSize');
  return size;
}

function select(value: unknown, fields: string | undefined, fallback: string, shape: Shape): unknown {
  const selector = fields ?? fallback;
  return selectFields(value, parseFields(selector), shape, selector);
}

export function registerFileRoutes(app: FastifyInstance, state: DriveState, auth: DriveAuth): void {
  // What the API shows: a file inside a trashed folder is trashed too.
  const seen = (file: FakeFile): FakeFile => ({ ...file, trashed: state.isTrashed(file) });
  const guard = (request: FastifyRequest) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const grant = auth.check(bearer);
    if (!grant)
      throw new DriveRequestError(
        401,
        'authError',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    const scopes = grant.scope.split(' ');
    if (!scopes.includes(DRIVE_SCOPE) && !scopes.includes('https://www.googleapis.com/auth/drive'))
      throw new DriveRequestError(
        403,
        'insufficientPermissions',
        'Request had insufficient authentication scopes.',
      );
  };
  const fileOf = (id: string): FakeFile => {
    if (id === 'root' || id === state.rootId) {
      return {
        id: state.rootId,
        name: 'My Drive',
        mimeType: FOLDER_MIME,
        parents: [],
        trashed: false,
        content: Buffer.alloc(0),
        createdTime: '2020-01-01T00:00:00.000Z',
        modifiedTime: '2020-01-01T00:00:00.000Z',
        version: 1,
      };
    }
    const file = state.find(id);
    if (!file) throw new DriveRequestError(404, 'notFound', `File not found: ${id}.`, 'fileId');
    return file;
  };
  const handle =
    (run: (request: FastifyRequest, reply: FastifyReply) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        guard(request);
        return await run(request, reply);
      } catch (error) {
        if (!(error instanceof DriveRequestError)) throw error;
        const headers: Record<string, string> =
          error.status === 401
            ? { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' }
            : {};
        return reply
          .code(error.status)
          .headers(headers)
          .send(driveError(error.status, error.reason, error.message, error.location));
      }
    };

  app.get(
    '/drive/v3/files',
    handle((request) => {
      const query = request.query as Query;
      const matches = parseQuery(query.q);
      const size = pageSizeOf(query, 100);
      let offset = 0;
      if (query.pageToken !== undefined) {
        const m = /^off-(\d+)$/.exec(query.pageToken);
        if (!m) throw new DriveRequestError(400, 'invalid', 'Invalid Value', 'pageToken');
        offset = Number(m[1]);
      }
      const all = [...state.files.values()].map(seen).filter(matches);
      const page = all.slice(offset, offset + size);
      const next = offset + size < all.length ? `off-${offset + size}` : undefined;
      return select(
        {
          kind: 'drive#fileList',
          incompleteSearch: false,
          ...(next ? { nextPageToken: next } : {}),
          files: page.map(fileJson),
        },
        query.fields,
        DEFAULT_LIST_FIELDS,
        LIST_SHAPE,
      );
    }),
  );

  app.get(
    '/drive/v3/files/:id',
    handle((request, reply) => {
      const query = request.query as Query;
      const file = fileOf((request.params as { id: string }).id);
      if (query.alt === 'media') {
        if (isGoogleType(file))
          throw new DriveRequestError(
            403,
            'fileNotDownloadable',
            'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
          );
        return reply.type(file.mimeType).send(file.content);
      }
      return select(fileJson(seen(file)), query.fields, DEFAULT_FILE_FIELDS, FILE_SHAPE);
    }),
  );

  app.get(
    '/drive/v3/files/:id/export',
    handle((request, reply) => {
      const query = request.query as Query;
      const file = fileOf((request.params as { id: string }).id);
      if (!isGoogleType(file) || file.mimeType === FOLDER_MIME)
        throw new DriveRequestError(403, 'fileNotExportable', 'Export only supports Docs Editors files.');
      if (query.mimeType !== 'text/plain' && query.mimeType !== 'text/markdown')
        throw new DriveRequestError(
          400,
          'badRequest',
          'The requested conversion is not supported.',
          'mimeType',
        );
      return reply.type(`${query.mimeType}; charset=utf-8`).send(file.content);
    }),
  );

  app.get(
    '/drive/v3/changes/startPageToken',
    handle(() => ({ kind: 'drive#startPageToken', startPageToken: state.startPageToken })),
  );

  app.get(
    '/drive/v3/changes',
    handle((request) => {
      const query = request.query as Query;
      if (query.pageToken === undefined)
        throw new DriveRequestError(400, 'required', 'Required parameter: pageToken', 'pageToken');
      const from = /^\d+$/.test(query.pageToken) ? Number(query.pageToken) : Number.NaN;
      if (!(from >= 1 && from <= Number(state.startPageToken)))
        throw new DriveRequestError(400, 'invalid', 'Invalid Value', 'pageToken');
      const size = pageSizeOf(query, 100);
      const includeRemoved = query.includeRemoved !== 'false';
      // Drive reports each file once, with its latest change and its state now.
      const latest = new Map<string, { seq: number; time: string }>();
      for (const change of state.changes) {
        if (change.seq < from) continue;
        latest.delete(change.fileId);
        latest.set(change.fileId, { seq: change.seq, time: change.time });
      }
      const entries = [...latest].filter(([id]) => includeRemoved || state.files.has(id));
      const page = entries.slice(0, size);
      const rest = entries[size];
      return select(
        {
          kind: 'drive#changeList',
          ...(rest ? { nextPageToken: String(rest[1].seq) } : { newStartPageToken: state.startPageToken }),
          changes: page.map(([fileId, { time }]) => {
            const file = state.files.get(fileId);
            return {
              kind: 'drive#change',
              changeType: 'file',
              time,
              removed: !file,
              fileId,
              ...(file ? { file: fileJson(seen(file)) } : {}),
            };
          }),
        },
        query.fields,
        DEFAULT_CHANGES_FIELDS,
        CHANGES_SHAPE,
      );
    }),
  );
}
