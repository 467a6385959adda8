// Which `accounts` row holds an account: the one labelled with its name (the seeded row first); for the
// default account whose name no row has yet (its first start, or a default renamed by hand), the seeded row,
// unless another account of the config has it (after `app accounts default`). One rule for the repository
// that makes the rows at start and the account commands that read them.
import { DEFAULT_ACCOUNT_ID } from '../../contracts/account.js';

export function accountRowOf<Row extends { id: string; label: string }>(
  rows: readonly Row[],
  name: string,
  /** The default account's name, and the names of the further accounts of the config. */
  config: { defaultName: string; others: readonly string[] },
): Row | undefined {
  const labelled =
    rows.find((row) => row.label === name && row.id === DEFAULT_ACCOUNT_ID) ??
    rows.find((row) => row.label === name);
  if (labelled || name !== config.defaultName) return labelled;
  const seeded = rows.find((row) => row.id === DEFAULT_ACCOUNT_ID);
  return seeded && !config.others.includes(seeded.label) ? seeded : undefined;
}
