import { Columns3 } from 'lucide-react';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';

/** A column the user may hide: its id in the table and its name in the menu. */
export interface ColumnChoice {
  id: string;
  label: string;
}

/** The menu's entries of a table whose hideable columns are named by `{id: header}`. */
export function columnChoicesOf(labels: Record<string, string>): ColumnChoice[] {
  return Object.entries(labels).map(([id, label]) => ({ id, label }));
}

/**
 * The "Columns" button of a list toolbar: a checkbox per hideable column and Show all. The
 * menu's code loads when the button is first reached for (./dropdown-menu.tsx), like every
 * menu's. Needs an `@container` ancestor, as toolbars have. Where a screen has several tables,
 * `of` names the table (its own label), so each button reads apart: "Columns: Members".
 */
export function ColumnsMenu({
  columns,
  hidden,
  onChange,
  of,
}: {
  columns: readonly ColumnChoice[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
  of?: string | undefined;
}) {
  const hiddenCount = columns.filter((column) => hidden.includes(column.id)).length;
  const name = of ? `Columns: ${of}` : 'Columns';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={hiddenCount > 0 ? `${name} (${hiddenCount} hidden)` : name}
        >
          <Columns3 aria-hidden="true" />
          <span className="hidden @lg:inline">Columns</span>
          {hiddenCount > 0 ? (
            <span className="rounded-full bg-muted px-1.5 text-xs text-muted-foreground tabular-nums">
              {hiddenCount}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Visible columns</DropdownMenuLabel>
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={!hidden.includes(column.id)}
            // Keep the menu open: several columns are usually toggled at once.
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) =>
              onChange(
                checked
                  ? hidden.filter((id) => id !== column.id)
                  : [...hidden.filter((id) => id !== column.id), column.id],
              )
            }
          >
            {column.label}
          </DropdownMenuCheckboxItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={hiddenCount === 0} onSelect={() => onChange([])}>
          Show all
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
