// SocialEndpoints over the platform transport: the endpoint-table tools call declared endpoints with the
// same scopes check, token refresh, retries, rate-limit handling and usage accounting as the client.
import type {
  EndpointRequest,
  EndpointResponse,
  SocialEndpoints,
} from '../../core/ports/social-endpoints.js';
import type { HttpTransport } from './http-transport.js';

export class EndpointCaller implements SocialEndpoints {
  constructor(private readonly transport: HttpTransport) {}

  async call(request: EndpointRequest): Promise<EndpointResponse> {
    const result = await this.transport.send(request);
    const { limit, remaining, resetAt } = result.rateLimit;
    return {
      status: result.status,
      json: result.json,
      ...(limit !== undefined || remaining !== undefined || resetAt
        ? { rateLimit: { limit, remaining, ...(resetAt ? { reset_at: resetAt.toISOString() } : {}) } }
        : {}),
    };
  }
}
