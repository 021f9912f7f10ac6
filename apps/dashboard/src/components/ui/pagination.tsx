import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { PAGE_SIZES } from '@/lib/url-state';
import type { PaginationState } from '@/lib/url-state';
import { Button } from './button';

/**
 * The footer of a paginated table: rows per page, "Page N of M", first/previous/next/last,
 * and on tables with row selection "X of Y row(s) selected." at the left. Hidden until the
 * page has loaded, and on an empty first page (there is nothing to page through).
 */
export function Pagination({
  rowCount,
  selected,
  ...props
}: PaginationProps & {
  /** Rows on the page shown; undefined while it loads. */
  rowCount: number | undefined;
  selected?: { count: number; of: number };
}) {
  if (rowCount === undefined || (rowCount === 0 && props.pagination.pageIndex === 0)) return null;
  if (!selected) return <PageControls {...props} />;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="pt-3 text-[13px] text-muted-foreground">
        {selected.count} of {selected.of} row(s) selected.
      </p>
      <PageControls {...props} />
    </div>
  );
}

interface PaginationProps {
  pagination: PaginationState;
  /** At least 1. */
  pageCount: number;
  /** A new page, or a new page size (which starts again at the first page). */
  onChange: (next: PaginationState) => void;
}

function PageControls({ pagination, pageCount, onChange }: PaginationProps) {
  const { pageIndex, pageSize } = pagination;
  const onPageChange = (index: number) => onChange({ pageIndex: index, pageSize });
  const onPageSizeChange = (size: number) => onChange({ pageIndex: 0, pageSize: size });
  const sizeId = useId();
  const pages = Math.max(1, pageCount);
  const canPrevious = pageIndex > 0;
  const canNext = pageIndex < pages - 1;
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-end gap-x-5 gap-y-2 px-1 pt-3 text-[13px] text-muted-foreground"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="hidden sm:inline">
          Rows per page
        </label>
        <select
          id={sizeId}
          aria-label="Rows per page"
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          className="h-8 rounded-md border border-input bg-surface px-2 text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <p aria-live="polite" className="text-foreground">
        Page {Math.min(pageIndex + 1, pages)} of {pages}
      </p>
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon-sm"
          className="hidden lg:inline-flex"
          aria-label="First page"
          disabled={!canPrevious}
          onClick={() => onPageChange(0)}
        >
          <ChevronsLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label="Previous page"
          disabled={!canPrevious}
          onClick={() => onPageChange(pageIndex - 1)}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label="Next page"
          disabled={!canNext}
          onClick={() => onPageChange(pageIndex + 1)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          className="hidden lg:inline-flex"
          aria-label="Last page"
          disabled={!canNext}
          onClick={() => onPageChange(pages - 1)}
        >
          <ChevronsRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
