// Keyboard triage on the Approvals page: j/k move the selection, a approves, r rejects (asks for the note),
// e edits. Never while the user types in a field, while an input method composes, or with a modifier held
// (those chords belong to the browser and the shell); never while a dialog is open.

export const TRIAGE_KEYS = [
  { key: 'j', label: 'Next item' },
  { key: 'k', label: 'Previous item' },
  { key: 'a', label: 'Approve the selected item' },
  { key: 'r', label: 'Reject the selected item (asks for a note)' },
  { key: 'e', label: 'Edit the selected item' },
] as const;

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

export function isTriageKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.keyCode === 229) return false;
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (!TRIAGE_KEYS.some((k) => k.key === event.key)) return false;
  const target = event.target as Element | null;
  if (target?.closest?.(TYPING)) return false;
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return false;
  return true;
}

export function KeyboardHelp() {
  return (
    <details className="approval-keys">
      <summary>Keyboard shortcuts</summary>
      <dl>
        {TRIAGE_KEYS.map((k) => (
          <div key={k.key}>
            <dt>
              <kbd>{k.key}</kbd>
            </dt>
            <dd>{k.label}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">Not while typing in a field.</p>
    </details>
  );
}
