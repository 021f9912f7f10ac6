import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { PAGE_SIZES } from '@/lib/url-state';
import { Button } from './button';

/** The footer of a paginated table: rows per page, "Page N of M", first/previous/next/last. */
export function Pagination({
  pageIndex,
  pageCount,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: {
  pageIndex: number;
  /** At least 1. */
  pageCount: number;
  pageSize: number;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) {
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
