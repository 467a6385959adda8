// Declared platform endpoints for reads only: what operations get. A write through it is a bug of ours
// (writes go through the mutation gateway), refused before anything is sent.
import { AppError } from '../../core/errors.js';
import type { SocialEndpoints } from '../../core/ports/social-endpoints.js';

export function readOnlyEndpoints(endpoints: SocialEndpoints): SocialEndpoints {
  return {
    call(request) {
      if (request.endpoint.method !== 'GET') {
        return Promise.reject(
          new AppError(
            'policy_error',
            `${request.endpoint.method} is a platform write: it goes through the gateway`,
            {
              retryable: false,
            },
          ),
        );
      }
      return endpoints.call(request);
    },
  };
}
