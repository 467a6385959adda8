// The service's accounts in Settings (as `app accounts`): each with its login and status, added with a
// name and a display name, renamed, or removed after a confirmation (its data kept until a purge). An added
// or renamed account runs once the service restarts, and the answer says so.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountSummary } from '../../../../src/contracts/accounts.js';
import { api } from '../../api.js';
import type { ApiError } from '../../api-request.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Button } from '../../ui/button.js';
import { Card } from '../../ui/card.js';
import { Field } from '../../ui/field.js';
import { Toolbar } from '../../ui/toolbar.js';

const KEY = ['accounts'] as const;

const loginText = (account: AccountSummary) =>
  account.login.state === 'missing'
    ? 'not logged in'
    : `${account.login.username ? `@${account.login.username}` : 'logged in'} (${account.login.state})`;

function RenameForm({ account, done }: { account: AccountSummary; done(message: string): void }) {
  const [name, setName] = useState(account.name);
  const [problem, setProblem] = useState<string>();
  return (
    <form
      className="account-rename"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          const renamed = await api.accounts.update(account.name, { new_name: name.trim() });
          done(renamed.message);
        } catch (error) {
          setProblem((error as ApiError).message);
        }
      }}
    >
      <Field label={`New name for ${account.name}`} error={problem}>
        {(control) => <input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Button type="submit" variant="secondary">
        Rename
      </Button>
    </form>
  );
}

export function AccountsPanel() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => api.accounts.list() });
  const [name, setName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [status, setStatus] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [renaming, setRenaming] = useState<string>();
  const settled = async (message: string) => {
    setStatus(message);
    setProblem(undefined);
    setRenaming(undefined);
    await client.invalidateQueries({ queryKey: KEY });
  };
  const failed = (error: unknown) => {
    setStatus(undefined);
    setProblem((error as ApiError).message);
  };
  return (
    <Card title="Accounts" headingId="section-accounts" className="settings-section">
      <p className="muted">
        Each account has its own login, settings, loops and agents; the global settings are the default
        account's and every other account inherits what it does not set.
      </p>
      {list.error ? (
        <p role="alert" className="setting-error">
          The accounts cannot be listed: {(list.error as Error).message}
        </p>
      ) : null}
      {list.data ? (
        <table className="settings-table">
          <caption className="visually-hidden">The service's accounts, the default one first</caption>
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">Platform login</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.accounts.map((account) => (
              <tr key={account.name}>
                <th scope="row">
                  {account.display_name}
                  {account.display_name !== account.name ? ` (${account.name})` : ''}
                  {account.default ? ' · default' : ''}
                </th>
                <td>{loginText(account)}</td>
                <td>
                  {account.status === 'removed'
                    ? 'removed (data kept)'
                    : account.running === false
                      ? 'runs after a restart'
                      : 'running'}
                </td>
                <td>
                  <Toolbar label={`Actions for ${account.name}`}>
                    {account.status === 'active' ? (
                      renaming === account.name ? (
                        <RenameForm account={account} done={settled} />
                      ) : (
                        <Button variant="secondary" onClick={() => setRenaming(account.name)}>
                          Rename {account.name}
                        </Button>
                      )
                    ) : null}
                    {account.status === 'active' && !account.default ? (
                      <ConfirmDialog
                        trigger={<Button variant="secondary">Make {account.name} the default</Button>}
                        title={`Make ${account.name} the default account?`}
                        description={`Requests, agents and commands that name no account act on ${account.name} after the next restart. Its own settings become the global ones, and every other account keeps exactly the settings it has now; drafts, history and logins stay where they are.${account.display_name !== account.name ? ` The default account shows its name, so the display name "${account.display_name}" is dropped.` : ''}`}
                        confirm={`Make ${account.name} the default`}
                        onConfirm={async () => {
                          try {
                            const made = await api.accounts.makeDefault(account.name);
                            await settled(made.message);
                          } catch (error) {
                            failed(error);
                          }
                        }}
                      />
                    ) : null}
                    {account.status === 'active' && !account.default ? (
                      <ConfirmDialog
                        danger
                        trigger={<Button variant="secondary">Remove {account.name}</Button>}
                        title={`Remove the account ${account.name}?`}
                        description="Its table leaves the config file and its platform login is revoked and deleted. Its drafts, posts and history are kept (adding the name again brings them back) until you purge them with app accounts remove --purge."
                        confirm={`Remove ${account.name}`}
                        onConfirm={async () => {
                          try {
                            const removed = await api.accounts.remove(account.name, {
                              confirm: account.name,
                            });
                            await settled(removed.message);
                          } catch (error) {
                            failed(error);
                          }
                        }}
                      />
                    ) : null}
                  </Toolbar>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <form
        className="account-add"
        onSubmit={async (event) => {
          event.preventDefault();
          try {
            const added = await api.accounts.add({
              name: name.trim(),
              ...(displayName.trim() ? { display_name: displayName.trim() } : {}),
            });
            setName('');
            setDisplayName('');
            await settled(added.message);
          } catch (error) {
            failed(error);
          }
        }}
      >
        <Field label="New account name" help="Lower-case letters, digits, - and _, starting with a letter.">
          {(control) => <input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Display name">
          {(control) => (
            <input {...control} value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
          )}
        </Field>
        <Button type="submit">Add account</Button>
      </form>
      {status ? <p role="status">{status}</p> : null}
      {problem ? (
        <p role="alert" className="setting-error">
          {problem}
        </p>
      ) : null}
    </Card>
  );
}
