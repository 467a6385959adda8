// Backups of the database: the ones in the backup folder, newest first, and "take one now" (as `app backup`).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api.js';
import type { ApiError } from '../../api-request.js';
import { Button } from '../../ui/button.js';
import { Card } from '../../ui/card.js';
import { Toolbar } from '../../ui/toolbar.js';

const KEY = ['settings', 'backups'] as const;

export function BackupsPanel() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => api.backups.list() });
  const [status, setStatus] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const take = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const made = await api.backups.create();
      setStatus(`Backup taken and verified: ${made.file_name}.`);
      await client.invalidateQueries({ queryKey: KEY });
    } catch (error) {
      setStatus(undefined);
      setProblem(`No backup was taken: ${(error as ApiError).message}.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Backups" headingId="section-backups" className="settings-section">
      {list.data ? <p className="muted">Kept in {list.data.dir}.</p> : null}
      {list.error ? (
        <p role="alert" className="setting-error">
          The backups cannot be listed: {(list.error as Error).message}
        </p>
      ) : null}
      {list.data && list.data.backups.length === 0 ? <p>No backups yet.</p> : null}
      {list.data && list.data.backups.length > 0 ? (
        <table className="settings-table">
          <caption className="visually-hidden">Backups, newest first</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Taken</th>
              <th scope="col">Size</th>
            </tr>
          </thead>
          <tbody>
            {list.data.backups.map((backup) => (
              <tr key={backup.path}>
                <td>{backup.file_name}</td>
                <td>
                  <time dateTime={backup.created_at}>{new Date(backup.created_at).toLocaleString()}</time>
                </td>
                <td>{`${(backup.size_bytes / 1024).toFixed(1)} KiB`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Toolbar label="Backup" className="settings-actions">
        <Button onClick={() => void take()} disabled={busy}>
          Take a backup now
        </Button>
        <span role="status">{status}</span>
      </Toolbar>
      {problem ? (
        <p role="alert" className="setting-error">
          {problem}
        </p>
      ) : null}
    </Card>
  );
}
