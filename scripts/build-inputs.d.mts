/** Where the build records the digest of what it was built from. */
export const DIGEST_FILE: string;
/** The digest of every input file's path and content. */
export function inputsDigest(): string;
/** Whether dist/ was built from the sources as they are now. */
export function distIsFresh(): boolean;
