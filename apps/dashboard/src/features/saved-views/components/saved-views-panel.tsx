import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUserId } from '@/hooks/current-user-id';
import { errorMessage } from '@/lib/api-error';
import { useSavedViews } from '../api/list-saved-views';
import { SaveViewForm } from './save-view-form';
import { SavedViewRow } from './saved-view-row';
import type { SavedViewsButtonProps } from './saved-views-button';

/**
 * The views panel: the member's own views and the tenant's shared ones, by name, then a form
 * that saves the list as it is now. Picking a view only sets the URL to its state.
 */
export default function SavedViewsPanel({
  tenantId,
  list,
  state,
  canDeleteShared,
  activeId,
  onApplied,
}: SavedViewsButtonProps & { activeId: string | undefined; onApplied: () => void }) {
  const navigate = useNavigate();
  const userId = useCurrentUserId();
  const views = useSavedViews(tenantId, list);
  const rows = views.data?.rows ?? [];

  return (
    <div>
      <p className="border-b border-border px-3 py-2 text-xs font-medium text-muted-foreground">
        Saved views
      </p>
      {views.isPending ? (
        <div className="flex justify-center p-4">
          <Spinner className="text-muted-foreground" />
        </div>
      ) : views.isError ? (
        <p role="alert" className="p-3 text-[13px] text-destructive">
          Could not load the views: {errorMessage(views.error)}
        </p>
      ) : rows.length === 0 ? (
        <p className="p-3 text-[13px] text-muted-foreground">
          No saved views yet. Save the filters and columns you come back to, and share them with
          your team.
        </p>
      ) : (
        <ul
          className="grid max-h-72 grid-cols-[minmax(0,1fr)] gap-0.5 overflow-y-auto p-1"
          aria-label="Views"
        >
          {rows.map((view) => {
            const own = view.owner.id === userId;
            return (
              <SavedViewRow
                key={view.metadata.id}
                tenantId={tenantId}
                view={view}
                own={own}
                canDelete={own || (view.shared && canDeleteShared)}
                active={view.metadata.id === activeId}
                state={state}
                onApply={() => {
                  void navigate({ search: `?${view.state}` });
                  onApplied();
                }}
              />
            );
          })}
        </ul>
      )}
      <SaveViewForm tenantId={tenantId} list={list} state={state} />
    </div>
  );
}
