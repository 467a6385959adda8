// The 67 endpoint-table ("generated") platform tools as data, in one list. Each entry names its endpoint,
// profiles, parameters and policy category; the generic executor and the gateway actions derive from it.
import { ADS_ENDPOINT_TOOLS } from './endpoint-tools-ads.js';
import { DM_ENDPOINT_TOOLS } from './endpoint-tools-dm.js';
import { ENTERPRISE_ENDPOINT_TOOLS } from './endpoint-tools-enterprise.js';
import type { EndpointToolDefinition } from './endpoint-tools-kit.js';
import { LIST_ENDPOINT_TOOLS } from './endpoint-tools-lists.js';
import { V2_ENDPOINT_TOOLS } from './endpoint-tools-v2.js';

export type { EndpointParam, EndpointToolDefinition } from './endpoint-tools-kit.js';
export { endpointInputSchema, placeholders, wireName } from './endpoint-tools-kit.js';

export const ENDPOINT_TOOL_DEFINITIONS: readonly EndpointToolDefinition[] = [
  ...V2_ENDPOINT_TOOLS,
  ...LIST_ENDPOINT_TOOLS,
  ...DM_ENDPOINT_TOOLS,
  ...ADS_ENDPOINT_TOOLS,
  ...ENTERPRISE_ENDPOINT_TOOLS,
];

/** A mutation is any call that is not a GET (reference §b.3). */
export const isEndpointMutation = (def: EndpointToolDefinition): boolean => def.endpoint.method !== 'GET';
