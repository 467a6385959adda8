// Content sources: each with its status, last sync and problems (GET /api/sources); add a local folder (a
// settings PATCH of content_sources.sources, refused in cloud deployment with the server's reason); connect
// the cloud drive through the popup link flow (the server writes the connection id into the source).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { SourceStatus } from '../../../../src/contracts/notes.js';
import { api } from '../../api.js';
import { ApiError } from '../../api-request.js';
import { Button } from '../../ui/button.js';
import { type LinkMessage, startDriveLink, useLinkMessages } from './drive-link.js';
import { issuesOf, SETTINGS_KEY, type SettingsView, usePatchSettings } from './settings-api.js';

const KEY = ['settings', 'sources'] as const;

function SourceRow({ source }: { source: SourceStatus }) {
  return (
    <tr>
      <td>{source.source_type.replace('_', ' ')}</td>
      <td className="wrap">{source.location}</td>
      <td>{source.status}</td>
      <td>
        {source.last_synced_at ? (
          <time dateTime={source.last_synced_at}>{new Date(source.last_synced_at).toLocaleString()}</time>
        ) : (
          'never'
        )}
      </td>
      <td>{source.notes}</td>
      <td className="wrap">
        {[source.error_message, ...source.problems.map((p) => `${p.relative_path}: ${p.message}`)]
          .filter(Boolean)
          .join('; ') || 'none'}
      </td>
    </tr>
  );
}

function AddFolder({ view }: { view: SettingsView }) {
  const patch = usePatchSettings();
  const client = useQueryClient();
  const [path, setPath] = useState('');
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const add = async () => {
    setError(undefined);
    setStatus(undefined);
    if (path.trim() === '') {
      setError('Type the folder’s path first.');
      return;
    }
    const current = (view.settings.find((s) => s.key === 'content_sources.sources')?.value ??
      []) as unknown[];
    try {
      await patch({
        set: { 'content_sources.sources': [...current, { source_type: 'local_fs', path: path.trim() }] },
        unset: [],
      });
      setStatus(`Added ${path.trim()}.`);
      setPath('');
      await client.invalidateQueries({ queryKey: KEY });
    } catch (failure) {
      const issues = issuesOf(failure);
      setError(
        issues
          ? `Not added: ${issues.map((i) => i.message).join('; ')}`
          : `Not added: ${(failure as ApiError).message}`,
      );
    }
  };
  return (
    <form
      className="add-folder"
      aria-label="Add a local folder"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <label htmlFor="add-folder-path">Folder path</label>
      <input
        id="add-folder-path"
        type="text"
        spellCheck={false}
        value={path}
        aria-describedby={error ? 'add-folder-error' : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setPath(e.target.value)}
      />
      <Button type="submit">Add folder</Button>
      <span role="status">{status}</span>
      {error ? (
        <p className="setting-error" id="add-folder-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function ConnectDrive() {
  const client = useQueryClient();
  const [continueUrl, setContinueUrl] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [problem, setProblem] = useState<{ text: string; conflict: boolean }>();
  const [busy, setBusy] = useState(false);
  const onMessage = useCallback(
    (message: LinkMessage) => {
      setContinueUrl(undefined);
      if (message.type === 'connector_linked') {
        setProblem(undefined);
        setStatus(`Cloud drive linked (connection ${message.id}); the drive source now uses it.`);
        void client.invalidateQueries({ queryKey: KEY });
        void client.invalidateQueries({ queryKey: SETTINGS_KEY });
      } else {
        setStatus(undefined);
        setProblem({ text: `Linking failed: ${message.error}`, conflict: false });
      }
    },
    [client],
  );
  useLinkMessages(onMessage);
  const connect = async (force: boolean) => {
    setBusy(true);
    setProblem(undefined);
    setStatus(undefined);
    try {
      const started = await startDriveLink(force);
      if (started.popup) {
        setContinueUrl(undefined);
        setStatus('Finish linking in the window that opened.');
      } else setContinueUrl(started.url);
    } catch (error) {
      const conflict = error instanceof ApiError && error.status === 409;
      setProblem({ text: `Cannot start linking: ${(error as ApiError).message}`, conflict });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="connect-drive">
      <Button onClick={() => void connect(false)} disabled={busy}>
        Connect cloud drive
      </Button>
      <span role="status">{status}</span>
      {continueUrl ? (
        <p role="alert">
          The browser blocked the sign-in window.{' '}
          <a href={continueUrl}>Continue linking the cloud drive in this tab</a>, then come back to Settings.
        </p>
      ) : null}
      {problem ? (
        <div role="alert" className="setting-error">
          <p>{problem.text}</p>
          {problem.conflict ? <Button onClick={() => void connect(true)}>Link another account</Button> : null}
        </div>
      ) : null}
    </div>
  );
}

export function SourcesPanel({ view }: { view: SettingsView }) {
  const sources = useQuery({
    queryKey: KEY,
    queryFn: () => api.notes.sources(),
    // Sources start and sync in the background (a link or a new folder shows up a moment later).
    refetchInterval: 5000,
  });
  return (
    <div className="sources-panel">
      <h3>Sources</h3>
      {sources.error ? (
        <p role="alert" className="setting-error">
          The sources cannot be read: {(sources.error as Error).message}
        </p>
      ) : null}
      {sources.data && sources.data.sources.length === 0 ? <p>No content sources yet.</p> : null}
      {sources.data && sources.data.sources.length > 0 ? (
        <table className="settings-table">
          <caption className="visually-hidden">Content sources</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Location</th>
              <th scope="col">Status</th>
              <th scope="col">Last sync</th>
              <th scope="col">Notes</th>
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {sources.data.sources.map((source) => (
              <SourceRow key={source.id} source={source} />
            ))}
          </tbody>
        </table>
      ) : null}
      <AddFolder view={view} />
      <ConnectDrive />
    </div>
  );
}
