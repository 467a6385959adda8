// Drive v3 reads the note source needs: a folder's children or every file (all pages), one item's
// metadata, the change feed (a start token, then pages of changes), and a file's text (downloaded, or a
// Google Doc exported as plain text). Every call carries the current access token; a refused token is
// renewed once.
import { z } from 'zod';
import { AppError, isAppError } from '../../../core/errors.js';
import type { AccessTokens } from './access-tokens.js';
import { isGrantRefused } from './drive-errors.js';
import type { DriveHttp } from './drive-http.js';
import { parseAnswer } from './drive-oauth.js';

export const FOLDER_MIME = 'application/vnd.google-apps.folder';
export const DOC_MIME = 'application/vnd.google-apps.document';
const ITEM_FIELDS = 'id,name,mimeType,parents,trashed,version,size,modifiedTime';

const ItemSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  mimeType: z.string(),
  parents: z.array(z.string()).optional(),
  trashed: z.boolean().optional(),
  version: z.union([z.string(), z.number()]).optional(),
  size: z.union([z.string(), z.number()]).optional(),
  modifiedTime: z.string().optional(),
});

export interface DriveItem {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  trashed: boolean;
  /** Changes whenever the file does (Drive's `version`, else its modified time). */
  stamp: string;
  size: number | null;
}

const toItem = (raw: z.infer<typeof ItemSchema>): DriveItem => ({
  id: raw.id,
  name: raw.name,
  mimeType: raw.mimeType,
  parents: raw.parents ?? [],
  trashed: raw.trashed ?? false,
  stamp: String(raw.version ?? raw.modifiedTime ?? ''),
  size: raw.size === undefined ? null : Number(raw.size),
});

const ListSchema = z.object({ nextPageToken: z.string().optional(), files: z.array(ItemSchema).default([]) });
const StartSchema = z.object({ startPageToken: z.string().min(1) });
const ChangesSchema = z.object({
  nextPageToken: z.string().optional(),
  newStartPageToken: z.string().optional(),
  changes: z
    .array(
      z.object({ fileId: z.string().min(1), removed: z.boolean().optional(), file: ItemSchema.optional() }),
    )
    .default([]),
});

export interface DriveChange {
  fileId: string;
  removed: boolean;
  file?: DriveItem;
}

export interface ChangePage {
  changes: DriveChange[];
  nextPageToken?: string;
  newStartPageToken?: string;
}

export interface DriveApiOptions {
  http: DriveHttp;
  /** `[connectors.cloud_drive] api_base_url`; paths go under `/drive/v3`. */
  baseUrl: string;
  tokens: AccessTokens;
  /** Items per page of a listing or of the change feed (Drive allows up to 1000). */
  pageSize?: number;
}

/** A literal for Drive's query language. */
const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export class DriveApi {
  private readonly base: string;
  private readonly pageSize: number;

  constructor(private readonly options: DriveApiOptions) {
    this.base = `${options.baseUrl.replace(/\/+$/, '')}/drive/v3`;
    this.pageSize = options.pageSize ?? 1000;
  }

  /** The folder's direct children that are not in the trash (every page). */
  children(folderId: string): Promise<DriveItem[]> {
    return this.list(`${quote(folderId)} in parents and trashed = false`, `listing folder ${folderId}`);
  }

  /** Every file and folder of the drive that is not in the trash (every page). */
  everything(): Promise<DriveItem[]> {
    return this.list('trashed = false', 'listing the drive');
  }

  /** One item's metadata (`root` names the drive's root folder). */
  async item(id: string): Promise<DriveItem> {
    const what = `reading ${id === 'root' ? 'the root folder' : `item ${id}`}`;
    const answer = await this.get(`/files/${encodeURIComponent(id)}`, { fields: ITEM_FIELDS }, what);
    return toItem(parseAnswer(answer, ItemSchema, what));
  }

  async startPageToken(): Promise<string> {
    const what = 'reading the change cursor';
    return parseAnswer(await this.get('/changes/startPageToken', {}, what), StartSchema, what).startPageToken;
  }

  /** One page of changes since `pageToken`. */
  async changes(pageToken: string): Promise<ChangePage> {
    const what = 'reading changes';
    const answer = await this.get(
      '/changes',
      {
        pageToken,
        pageSize: String(this.pageSize),
        includeRemoved: 'true',
        spaces: 'drive',
        fields: `nextPageToken,newStartPageToken,changes(fileId,removed,file(${ITEM_FIELDS}))`,
      },
      what,
    );
    const page = parseAnswer(answer, ChangesSchema, what);
    return {
      changes: page.changes.map((c) => ({
        fileId: c.fileId,
        removed: c.removed ?? false,
        ...(c.file ? { file: toItem(c.file) } : {}),
      })),
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      ...(page.newStartPageToken ? { newStartPageToken: page.newStartPageToken } : {}),
    };
  }

  /** The file's bytes (a Google Doc: exported as plain text). */
  async content(item: DriveItem): Promise<Buffer> {
    const path = encodeURIComponent(item.id);
    if (item.mimeType === DOC_MIME) {
      return (await this.get(`/files/${path}/export`, { mimeType: 'text/plain' }, `exporting ${item.name}`))
        .body;
    }
    return (await this.get(`/files/${path}`, { alt: 'media' }, `downloading ${item.name}`)).body;
  }

  private async list(q: string, what: string): Promise<DriveItem[]> {
    const items: DriveItem[] = [];
    let pageToken: string | undefined;
    for (let page = 0; ; page++) {
      const answer = await this.get(
        '/files',
        {
          q,
          pageSize: String(this.pageSize),
          fields: `nextPageToken,files(${ITEM_FIELDS})`,
          orderBy: 'createdTime',
          spaces: 'drive',
          ...(pageToken ? { pageToken } : {}),
        },
        what,
      );
      const list = parseAnswer(answer, ListSchema, what);
      items.push(...list.files.map(toItem));
      if (!list.nextPageToken) return items;
      if (list.nextPageToken === pageToken || page > 100_000)
        throw new AppError('social_api_error', `cloud drive: ${what} does not stop paging`, {
          retryable: false,
        });
      pageToken = list.nextPageToken;
    }
  }

  private async get(path: string, query: Record<string, string>, what: string) {
    const url = new URL(`${this.base}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    for (let attempt = 0; ; attempt++) {
      const token = await this.options.tokens.token();
      try {
        return await this.options.http.send({
          method: 'GET',
          url,
          what,
          headers: { authorization: `Bearer ${token}` },
        });
      } catch (error) {
        // A token the API no longer takes (revoked early, clock skew): renew it once and try again.
        if (
          attempt > 0 ||
          !isAppError(error) ||
          error.code !== 'social_auth_expired' ||
          isGrantRefused(error)
        )
          throw error;
        this.options.tokens.invalidate(token);
      }
    }
  }
}
