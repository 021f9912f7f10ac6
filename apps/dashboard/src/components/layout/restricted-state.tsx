import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * Shown instead of a screen the user's role may not use (the server answers 401 there), so
 * they see why rather than a broken list.
 */
export function RestrictedState({
  title = 'You need admin rights',
  what,
  role,
  actions,
}: {
  title?: string;
  /** What the screen manages, e.g. "API tokens". */
  what: string;
  /** The user's role in the tenant, when known. */
  role?: string;
  actions?: ReactNode;
}) {
  return (
    <EmptyState
      icon={<LockKeyhole />}
      title={title}
      description={
        <>
          Only owners and admins of this tenant can see and manage {what}.
          {role ? (
            <>
              {' '}
              Your role here is <span className="font-medium text-foreground">{role}</span>.
            </>
          ) : null}{' '}
          Ask an owner or admin if you need access.
        </>
      }
      actions={actions}
    />
  );
}
