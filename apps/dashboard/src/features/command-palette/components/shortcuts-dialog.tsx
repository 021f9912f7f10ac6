import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { GO_SHORTCUTS } from '../utils/shortcuts';

const Key = ({ children }: { children: string }) => (
  <kbd className="inline-flex min-w-6 justify-center rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">
    {children}
  </kbd>
);

/** The list of keyboard shortcuts, opened with `?`. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const rows: { keys: string[]; label: string }[] = [
    { keys: ['Ctrl', 'K'], label: 'Open the command palette (⌘ K on a Mac)' },
    { keys: ['?'], label: 'Show these shortcuts' },
    ...GO_SHORTCUTS.map((shortcut) => ({
      keys: ['g', shortcut.key],
      label: `Go to ${shortcut.label}`,
    })),
  ];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader
          title="Keyboard shortcuts"
          description="Letter shortcuts do nothing while you type in a field."
        />
        <table className="w-full text-sm">
          <caption className="sr-only">Keyboard shortcuts</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b border-border last:border-0">
                <td className="py-1.5 pr-4 whitespace-nowrap">
                  <span className="inline-flex items-center gap-1">
                    {row.keys.map((key, i) => (
                      <span key={i} className="inline-flex items-center gap-1">
                        {i > 0 ? (
                          <span className="text-xs text-muted-foreground">
                            {row.keys[0] === 'g' ? 'then' : '+'}
                          </span>
                        ) : null}
                        <Key>{key}</Key>
                      </span>
                    ))}
                  </span>
                </td>
                <td className="py-1.5 text-muted-foreground">{row.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
