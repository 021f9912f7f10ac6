import { Check, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { RowMenu } from '@/components/ui/row-menu';
import { copyWithToast } from '@/hooks/copy-with-toast';
import { reportApiError } from '@/hooks/report-api-error';
import type { SavedView } from '@/types/api';
import { useDeleteSavedView } from '../api/delete-saved-view';
import { useUpdateSavedView } from '../api/update-saved-view';
import { shareLink } from '../utils/share-link';

type Mode = 'show' | 'rename' | 'delete';

/**
 * One view of the panel: its name applies it. Its owner renames, shares or unshares it, points
 * it at the list as it is now, copies its link and deletes it; a tenant admin may delete a
 * shared one. Renaming and deleting happen in the row, inside the open panel.
 */
export function SavedViewRow({
  tenantId,
  view,
  own,
  canDelete,
  active,
  state,
  onApply,
}: {
  tenantId: string;
  view: SavedView;
  own: boolean;
  canDelete: boolean;
  active: boolean;
  /** The list's current state, for "Update to current view". */
  state: string;
  onApply: () => void;
}) {
  const [mode, setMode] = useState<Mode>('show');
  const update = useUpdateSavedView(tenantId);
  const remove = useDeleteSavedView(tenantId);
  const id = view.metadata.id;
  const change = (input: { name?: string; state?: string; shared?: boolean }, done?: () => void) =>
    update.mutate(
      { id, ...input },
      {
        onSuccess: done,
        onError: (error) => reportApiError(error, { title: 'Could not change the view' }),
      },
    );

  if (mode === 'rename') {
    return (
      <li className="px-1 py-1">
        <RenameForm
          name={view.name}
          pending={update.isPending}
          onCancel={() => setMode('show')}
          onSave={(name) => change({ name }, () => setMode('show'))}
        />
      </li>
    );
  }
  if (mode === 'delete') {
    return (
      <li className="grid gap-2 rounded-md bg-muted/60 p-2 text-[13px]">
        <p>
          Delete <span className="font-medium">{view.name}</span>?
          {view.shared ? ' Nobody in the tenant will see it any more.' : null}
        </p>
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="ghost" onClick={() => setMode('show')}>
            Cancel
          </Button>
          <Button
            size="sm"
            variant="destructive"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(id, {
                onError: (error) => reportApiError(error, { title: 'Could not delete the view' }),
              })
            }
          >
            Delete
          </Button>
        </div>
      </li>
    );
  }
  return (
    <li className="flex items-center gap-1 rounded-md hover:bg-muted" data-saved-view={view.name}>
      <button
        type="button"
        onClick={onApply}
        aria-current={active || undefined}
        className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left text-[13px] focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Check
          className={active ? 'size-4 shrink-0 text-foreground' : 'size-4 shrink-0 opacity-0'}
          aria-hidden="true"
        />
        <span className="truncate font-medium">{view.name}</span>
        {view.shared ? (
          <Badge className="shrink-0" title="Shared with the tenant">
            <Users className="size-3" aria-hidden="true" />
            Shared
          </Badge>
        ) : null}
        {own ? null : (
          <span className="ml-auto truncate text-xs text-muted-foreground">
            by {view.owner.name || view.owner.email}
          </span>
        )}
      </button>
      {canDelete ? (
        <RowMenu label={`Actions for view ${view.name}`}>
          {own ? (
            <>
              <DropdownMenuItem onSelect={() => setMode('rename')}>Rename</DropdownMenuItem>
              <DropdownMenuItem disabled={view.state === state} onSelect={() => change({ state })}>
                Update to current view
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => change({ shared: !view.shared })}>
                {view.shared ? 'Make private' : 'Share with tenant'}
              </DropdownMenuItem>
            </>
          ) : null}
          {view.shared ? (
            <DropdownMenuItem
              onSelect={() =>
                copyWithToast(shareLink(tenantId, view.list, id), 'Link to the view copied')
              }
            >
              Copy share link
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem className="text-destructive" onSelect={() => setMode('delete')}>
            Delete
          </DropdownMenuItem>
        </RowMenu>
      ) : null}
    </li>
  );
}

function RenameForm({
  name,
  pending,
  onSave,
  onCancel,
}: {
  name: string;
  pending: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(name);
  return (
    <form
      className="flex items-center gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(value);
      }}
    >
      <Input
        aria-label="View name"
        className="h-8"
        value={value}
        maxLength={100}
        required
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          // Escape leaves the rename, not the whole panel.
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      <Button type="submit" size="sm" loading={pending}>
        Save
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}
