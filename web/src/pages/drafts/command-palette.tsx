// The command palette (Cmd/Ctrl+K): fuzzy search over the catalog's commands by category, each shown with
// its chords (the alternate ones too); thread commands only in thread mode. A modal dialog: Escape closes
// it first and focus returns to where it was.
import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { type Category, COMMANDS, chordLabel } from '../../shortcuts.js';

const CATEGORIES: Category[] = ['Mode', 'Compose', 'AI', 'Thread'];
const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function CommandPalette({
  open,
  onOpenChange,
  threadMode,
  run,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  threadMode: boolean;
  run: (commandId: string) => void;
  /** Where focus goes back when the palette closes (what had it when the palette opened). */
  returnFocus?: () => HTMLElement | null;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="palette"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const target = returnFocus?.();
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <Dialog.Title className="visually-hidden">Command palette</Dialog.Title>
          <Command label="Commands">
            <Command.Input placeholder="Type a command" aria-label="Command" />
            <Command.List>
              <Command.Empty>No command matches.</Command.Empty>
              {CATEGORIES.map((category) => {
                const items = COMMANDS.filter(
                  (c) => c.category === category && (threadMode || !c.threadOnly),
                );
                if (items.length === 0) return null;
                return (
                  <Command.Group key={category} heading={category}>
                    {items.map((command) => (
                      <Command.Item
                        key={command.id}
                        value={command.label}
                        onSelect={() => {
                          onOpenChange(false);
                          run(command.id);
                        }}
                      >
                        <span>{command.label}</span>
                        <span className="chords">
                          {command.chords.map((c) => chordLabel(c, mac)).join(' or ')}
                        </span>
                      </Command.Item>
                    ))}
                  </Command.Group>
                );
              })}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
