// The account switcher in the header: shown only when the service runs more than one account (one account
// sees the dashboard it always had). Choosing another account keeps the page: the same address opens again
// acting on it (current-account.ts), every request and stream naming it.
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.js';
import { currentAccount, switchAccount } from '../current-account.js';

export function AccountSwitcher() {
  const accounts = useQuery({
    queryKey: ['accounts'],
    queryFn: () => api.accounts.list(),
    staleTime: 60_000,
  });
  const running = (accounts.data?.accounts ?? []).filter(
    (account) => account.status === 'active' && account.running !== false,
  );
  if (running.length < 2) return null;
  const fallback = accounts.data?.default_account;
  const chosen = currentAccount() ?? fallback;
  return (
    <select
      className="account-switcher"
      aria-label="Account"
      value={chosen}
      onChange={(event) => {
        const name = event.target.value;
        switchAccount(name === fallback ? undefined : name);
      }}
    >
      {running.map((account) => (
        <option key={account.name} value={account.name}>
          {account.display_name}
          {account.login.username ? ` (@${account.login.username})` : ''}
        </option>
      ))}
    </select>
  );
}
