// Account identity: the spec has one account, the schema and repositories are ready for many.
export const DEFAULT_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';
