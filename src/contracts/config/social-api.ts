// [social_api] and [auth]: platform OAuth app credentials, provider backend, hosts and the login callback.
import { z } from 'zod';
import { HostNameSchema, HttpUrlSchema, NonEmptyTextSchema } from './common.js';

export const PROVIDER_BACKENDS = ['social_api', 'scraper'] as const;
export type ProviderBackend = (typeof PROVIDER_BACKENDS)[number];

export const SocialApiSchema = z.object({
  client_id: NonEmptyTextSchema.optional().describe(
    'OAuth 2.0 client id of your platform app. Required (quickstart field).',
  ),
  client_secret: NonEmptyTextSchema.optional()
    .describe('OAuth 2.0 client secret; only for confidential clients.')
    .meta({ secret: true }),
  provider_backend: z
    .enum(PROVIDER_BACKENDS)
    .default('social_api')
    .describe('How the platform is reached: the official API, or the read-oriented scraper backend.'),
  scraper_allow_mutations: z
    .boolean()
    .default(false)
    .describe('Allow writes through the scraper backend (elevated account-restriction risk).'),
  api_base_url: HttpUrlSchema.default('https://api.x.com').describe('Platform API v2 host.'),
  upload_base_url: HttpUrlSchema.default('https://api.x.com').describe('Media upload host.'),
  legacy_upload_base_url: HttpUrlSchema.default('https://upload.twitter.com').describe(
    'Legacy v1.1 media upload host (universal requests only).',
  ),
  ads_base_url: HttpUrlSchema.default('https://ads-api.x.com').describe('Ads API (v12) host.'),
  authorize_url: HttpUrlSchema.default('https://x.com/i/oauth2/authorize').describe(
    'OAuth 2.0 authorization page.',
  ),
  token_url: HttpUrlSchema.default('https://api.x.com/2/oauth2/token').describe('OAuth 2.0 token endpoint.'),
  scraper_base_url: HttpUrlSchema.default('https://x.com/i/api').describe(
    'Web API root used by the scraper backend.',
  ),
  request_timeout_seconds: z
    .number()
    .int()
    .min(1)
    .max(300)
    .default(30)
    .describe('Timeout of one platform request.'),
});

export const AuthSchema = z.object({
  mode: z
    .enum(['local_callback', 'manual'])
    .default('local_callback')
    .describe(
      '`local_callback` listens for the OAuth redirect; `manual` prints the URL and asks for the redirected URL.',
    ),
  callback_host: HostNameSchema.default('127.0.0.1').describe('Host of the OAuth callback listener.'),
  callback_port: z
    .number()
    .int()
    .min(1)
    .max(65535)
    .default(8080)
    .describe('Port of the OAuth callback listener.'),
});
