/**
 * What the tenant shell keeps of the command palette: the shortcut listener (Ctrl/Cmd-K,
 * `?`, `g` sequences) and a lazy mount. The palette's own code (command-palette.tsx) loads the
 * first time it opens, so the first screen does not pay for it.
 */
import { Suspense, lazy, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { tenantHref } from '@/config/paths';
import { useShortcutKeys } from '@/features/command-palette/hooks/use-shortcut-keys';
import type { ShortcutAction } from '@/features/command-palette/utils/shortcuts';
import type { PaletteMode } from './command-palette';

const CommandPalette = lazy(() => import('./command-palette'));

export function CommandPaletteHost({ tenantId }: { tenantId: string }) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<PaletteMode>('closed');
  const onAction = useCallback(
    (action: ShortcutAction) => {
      if (action.kind === 'palette') {
        setMode((current) => (current === 'palette' ? 'closed' : 'palette'));
      } else if (action.kind === 'help') {
        setMode('shortcuts');
      } else {
        setMode('closed');
        void navigate(tenantHref(tenantId, action.to));
      }
    },
    [navigate, tenantId],
  );
  useShortcutKeys(onAction);
  if (mode === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette tenantId={tenantId} mode={mode} onModeChange={setMode} />
    </Suspense>
  );
}
