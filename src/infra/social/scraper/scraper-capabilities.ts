// What the scraper backend can and cannot do: the provider capability object and the errors for the
// methods it does not offer, so every face reports the same limits.
import type { ProviderCapabilities } from '../../../contracts/social.js';
import { AppError } from '../../../core/errors.js';

/** The spec's tool names of the reads the web app offers no usable equivalent for. */
export const SCRAPER_UNSUPPORTED_METHODS = [
  'get_user_mentions',
  'get_home_timeline',
  'get_me',
  'get_bookmarks',
] as const;

/** The provider capability object of the scraper backend (spec, `data.provider`). */
export function scraperCapabilities(allowMutations: boolean): ProviderCapabilities {
  return {
    backend: 'scraper',
    mutations_available: allowMutations,
    risk_level: 'elevated',
    data_confidence: 'medium',
    unsupported_methods: [...SCRAPER_UNSUPPORTED_METHODS],
    note: allowMutations
      ? 'Scraper backend (the platform web app, not the official API): reads and writes enabled by ' +
        'social_api.scraper_allow_mutations; elevated account-restriction risk, and data may lag or be incomplete.'
      : 'Scraper backend (the platform web app, not the official API): read-oriented, mutations blocked unless ' +
        'social_api.scraper_allow_mutations = true; elevated account-restriction risk, and data may lag or be incomplete.',
  };
}

/** Why each unsupported client method is missing, for the error message. */
const UNSUPPORTED_REASONS = {
  getMentions: 'get_user_mentions needs the official API',
  getHomeTimeline: 'get_home_timeline needs the official API',
  getMe: 'get_me needs the official API; a browser session does not identify the account reliably',
  getBookmarks: 'get_bookmarks needs the official API',
  uploadMedia: 'media upload needs the official API',
} as const;

export type UnsupportedScraperMethod = keyof typeof UNSUPPORTED_REASONS;

/** The error an unsupported method fails with, before any request is sent. */
export function unsupportedMethod(method: UnsupportedScraperMethod): AppError {
  return new AppError(
    'validation_error',
    `${method} is not supported by the scraper backend (${UNSUPPORTED_REASONS[method]}); ` +
      'set social_api.provider_backend = "social_api"',
    { details: { backend: 'scraper', method } },
  );
}

/** The error every mutation fails with while `scraper_allow_mutations` is off. */
export function mutationBlocked(method: string): AppError {
  return new AppError(
    'scraper_mutation_blocked',
    `${method} is blocked: the scraper backend does not write unless social_api.scraper_allow_mutations = true ` +
      '(writing through the web app carries an elevated account-restriction risk)',
    { retryable: false, details: { backend: 'scraper', method } },
  );
}
