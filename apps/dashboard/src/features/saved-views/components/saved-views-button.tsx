import { Bookmark, ChevronDown } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { LoadingArea } from '@/components/ui/spinner';
import type { SavedViewList } from '@/types/api';
import { useSavedViews } from '../api/list-saved-views';
import { useOpenSharedView } from '../hooks/use-open-shared-view';

// The panel (its forms and per-view actions) loads when first opened, off the first screen.
const SavedViewsPanel = lazy(() => import('./saved-views-panel'));

export interface SavedViewsButtonProps {
  tenantId: string;
  list: SavedViewList;
  /** The list's current state (its filter and column parameters), as a view stores it. */
  state: string;
  /** Tenant admins and owners may also delete the views others shared. */
  canDeleteShared: boolean;
}

/**
 * The "Views" button of the runs and events toolbars: names the view the list shows (the one
 * whose state is the URL's), opens the views panel, and opens a share link's view. Needs an
 * `@container` ancestor, as toolbars have.
 */
export function SavedViewsButton(props: SavedViewsButtonProps) {
  const { tenantId, list, state } = props;
  const [open, setOpen] = useState(false);
  const views = useSavedViews(tenantId, list);
  useOpenSharedView(tenantId);
  const active = views.data?.rows.find((view) => view.state === state);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={active ? `Views (showing ${active.name})` : 'Views'}
        >
          <Bookmark aria-hidden="true" />
          <span className="hidden max-w-40 truncate @lg:inline">
            {active ? active.name : 'Views'}
          </span>
          <ChevronDown className="text-muted-foreground" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-88 p-0" aria-label="Saved views">
        <Suspense fallback={<LoadingArea label="Loading views" />}>
          <SavedViewsPanel
            {...props}
            activeId={active?.metadata.id}
            onApplied={() => setOpen(false)}
          />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
