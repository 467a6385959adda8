// The Settings page (/settings): every config section as a form generated from the config schema (labels,
// help and defaults from its descriptions; secrets write-only; env and flag values read-only), the operating
// mode applied at once, the policy's tool pickers, the LLM test, content sources with the drive link,
// the business profile's enrichment stages, the platform login status, and backups.
import type { ReactNode } from 'react';
import type { ApiError } from '../../api-request.js';
import { AccountsPanel } from './accounts-panel.js';
import { BackupsPanel } from './backups-panel.js';
import { Enrichment } from './enrichment.js';
import { LlmTest } from './llm-test.js';
import { LoginStatus } from './login-status.js';
import { ModePanel } from './mode-panel.js';
import { type CustomEditorProps, SectionForm } from './section-form.js';
import { type SettingsView, useSettingsSchema, useSettingsView } from './settings-api.js';
import { SourcesPanel } from './sources-panel.js';
import { ToolPicker } from './tool-picker.js';
import './settings.css';
import { PageHeader } from '../../ui/page-header.js';

/** Keys the page edits elsewhere: the mode panel, and the sources list (added and linked there). */
const EDITED_ELSEWHERE = new Set(['mode', 'approval_mode']);

const POLICY_PICKERS: Record<string, (props: CustomEditorProps) => ReactNode> = {
  'mcp_policy.blocked_tools': (props) => <ToolPicker {...props} />,
  'mcp_policy.require_approval_for': (props) => <ToolPicker {...props} />,
};

function extrasFor(section: string, view: SettingsView) {
  switch (section) {
    case 'business':
      return { intro: <Enrichment view={view} /> };
    case 'llm':
      return {
        extra: (drafts: Parameters<typeof LlmTest>[0]['drafts'], edited: ReadonlySet<string>) => (
          <LlmTest drafts={drafts} edited={edited} />
        ),
      };
    case 'mcp_policy':
      return { custom: POLICY_PICKERS };
    case 'content_sources':
      return { intro: <SourcesPanel view={view} /> };
    default:
      return {};
  }
}

export default function SettingsPage() {
  const view = useSettingsView();
  const schema = useSettingsSchema();
  const failed = view.error ?? schema.error;
  return (
    <main className="page page-narrow settings">
      <PageHeader
        title="Settings"
        description="The config file, section by section: what is set, where it comes from."
      />
      {failed ? (
        <p role="alert" className="setting-error">
          The settings cannot be read: {(failed as ApiError).message}. Check that the service is running, then
          reload the page.
        </p>
      ) : null}
      {view.data && !view.data.valid ? (
        <p role="alert" className="setting-error">
          The config file {view.data.config_path} has problems; the service keeps its last good settings:{' '}
          {view.data.issues
            .filter((i) => i.severity === 'error')
            .map((i) => `${i.key || 'file'}: ${i.message}`)
            .join('; ')}
        </p>
      ) : null}
      {view.data && schema.data ? (
        <>
          <p className="muted">
            Saved to {view.data.config_path} (its comments are kept); changes apply at once unless a field
            says it needs a restart.
          </p>
          <nav aria-label="Settings sections" className="settings-nav">
            <ul>
              <li>
                <a href="#section-operating-mode">Operating mode</a>
              </li>
              <li>
                <a href="#section-platform-account">Platform account</a>
              </li>
              {schema.data.sections.map((section) => (
                <li key={section.key}>
                  <a href={`#section-${section.key.replace(/\W/g, '-')}`}>{section.title}</a>
                </li>
              ))}
              <li>
                <a href="#section-accounts">Accounts</a>
              </li>
              <li>
                <a href="#section-backups">Backups</a>
              </li>
            </ul>
          </nav>
          <ModePanel view={view.data} />
          <LoginStatus />
          {schema.data.sections.map((section) => {
            const fields = schema.data.fields.filter(
              (field) => field.section === section.key && !EDITED_ELSEWHERE.has(field.key),
            );
            if (fields.length === 0) return null;
            return (
              <SectionForm
                key={section.key}
                section={section}
                fields={fields}
                view={view.data}
                {...extrasFor(section.key, view.data)}
              />
            );
          })}
          <AccountsPanel />
          <BackupsPanel />
        </>
      ) : null}
    </main>
  );
}
