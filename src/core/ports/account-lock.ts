// A lock of one account's, held in the database: what must run one at a time across every process of a
// deployment (two dashboard tabs on two API nodes queueing a draft into the same slot), not only within one.

export interface AccountLock {
  /**
   * Runs `work` while holding the account's lock `name`: one holder at a time in every process sharing the
   * database. A holder that died frees it after its lease; one that waits too long gets a `conflict`.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
}
