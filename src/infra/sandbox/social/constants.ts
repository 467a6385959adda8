// Fixed identities of the demo world, in a leaf module so seed data can use them without import cycles.

/** The acting user every default token and the authorize page belong to (@app_owner). */
export const DEFAULT_USER_ID = '1000';
/** The public OAuth client registered by the seed. */
export const DEFAULT_CLIENT_ID = 'fake-client-id';
