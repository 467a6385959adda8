// Downloads the account's profile picture, treating the URL the platform named as untrusted: only the hosts
// the picture rules allow (core/domain/profile-picture-url.ts), no redirects, no credentials sent, a deadline,
// at most 1 MB, and only bytes that are an image of a kept type. Anything else is no picture, logged by host.
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { fileTypeFromBuffer } from 'file-type';
import {
  PROFILE_PICTURE_TYPES,
  type ProfilePicture,
  type ProfilePictureType,
} from '../../contracts/account-profile.js';
import { allowedPictureUrl } from '../../core/domain/profile-picture-url.js';
import type { ProfilePictureSource } from '../../core/ports/account-profile-store.js';
import type { Log } from '../../core/ports/log.js';

export const MAX_PICTURE_BYTES = 1024 * 1024;

export interface PictureDownloadOptions {
  /** The platform API's base URL: its origin is allowed besides the image host (the fake platform). */
  apiBaseUrl: string;
  timeoutMs: number;
  log: Log;
  maxBytes?: number;
}

class Refused extends Error {}

export function createPictureDownload(options: PictureDownloadOptions): ProfilePictureSource {
  const maxBytes = options.maxBytes ?? MAX_PICTURE_BYTES;
  return {
    async download(raw) {
      const url = allowedPictureUrl(raw, options.apiBaseUrl);
      if (!url) {
        options.log.warn({ host: hostOf(raw) }, 'profile picture not fetched: its host is not allowed');
        return undefined;
      }
      try {
        return await fetchPicture(url, options.timeoutMs, maxBytes);
      } catch (error) {
        const reason = error instanceof Refused ? error.message : `unreachable (${(error as Error).message})`;
        options.log.warn({ host: url.host, reason }, 'profile picture not kept');
        return undefined;
      }
    },
  };
}

async function fetchPicture(url: URL, timeoutMs: number, maxBytes: number): Promise<ProfilePicture> {
  const bytes = await readBody(url, timeoutMs, maxBytes);
  const sniffed = (await fileTypeFromBuffer(bytes))?.mime;
  if (!PROFILE_PICTURE_TYPES.includes(sniffed as ProfilePictureType)) {
    throw new Refused('the bytes are not a JPEG, PNG, GIF or WebP image');
  }
  return { bytes, content_type: sniffed as ProfilePictureType };
}

/**
 * The body of a 200 with an image type, at most `maxBytes` (a missing or lying content-length is not trusted).
 * node:http(s) rather than fetch: a refused answer's socket is destroyed at once (fetch's abort may keep
 * reading a large body to reuse the connection), and a redirect is never followed.
 */
function readBody(url: URL, timeoutMs: number, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? httpsGet : httpGet;
    const request = get(url, { headers: { accept: 'image/*' }, agent: false }, (response) => {
      const refuse = (reason: string) => {
        request.destroy();
        reject(new Refused(reason));
      };
      if (response.statusCode !== 200) return refuse(`status ${response.statusCode}`);
      const declared = response.headers['content-type'] ?? '';
      if (!declared.toLowerCase().startsWith('image/')) return refuse('not an image content type');
      if (Number(response.headers['content-length'] ?? 0) > maxBytes)
        return refuse(`larger than ${maxBytes} bytes`);
      const chunks: Buffer[] = [];
      let total = 0;
      response.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) refuse(`larger than ${maxBytes} bytes`);
        else chunks.push(chunk);
      });
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
      // After the end this changes nothing; before it, the answer was cut off.
      response.on('close', () => reject(new Error('the answer was cut off')));
    });
    // One deadline for the whole answer, body included (a slow drip is as bad as silence).
    const timer = setTimeout(() => request.destroy(new Error('TimeoutError')), timeoutMs);
    request.on('error', (error) => reject(error));
    request.on('close', () => clearTimeout(timer));
  });
}

function hostOf(raw: string): string {
  try {
    return new URL(raw).host;
  } catch {
    return '(not a URL)';
  }
}
