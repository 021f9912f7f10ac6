import { Download } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { QueryParams } from '@/lib/api-client';
import type { ExportList } from '../api/stream-export';

// The dialog and its streaming code load on the first click: lists' first screen stays light.
const ExportDialog = lazy(() => import('./export-dialog'));

/**
 * The Export button of a list's toolbar: opens the export dialog for the list's current
 * query (its filters; the page is ignored). Narrow toolbars show the icon alone.
 */
export function ExportButton({
  list,
  tenantId,
  query,
}: {
  list: ExportList;
  tenantId: string;
  /** The list's current query, built from the URL's filters. */
  query: QueryParams;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`Export ${list}`}
      >
        <Download aria-hidden="true" />
        <span className="hidden @lg:inline">Export</span>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ExportDialog
            list={list}
            tenantId={tenantId}
            query={query}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
