/** Checkboxes that select table rows: one per row, and one in the header for the whole page. */

const checkboxClasses =
  'size-4 cursor-pointer rounded border-input accent-primary focus-visible:outline-2 focus-visible:outline-ring';

export interface RowSelectionProps {
  selection: ReadonlySet<string>;
  onSelectionChange: (selection: Set<string>) => void;
}

export function RowCheckbox({
  id,
  label,
  selection,
  onSelectionChange,
}: RowSelectionProps & { id: string; label: string }) {
  return (
    <input
      type="checkbox"
      className={checkboxClasses}
      aria-label={label}
      checked={selection.has(id)}
      onChange={() => {
        const next = new Set(selection);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        onSelectionChange(next);
      }}
    />
  );
}

/** Checked when every row of the page is, half-checked when some are. */
export function SelectAllCheckbox({
  ids,
  label,
  selection,
  onSelectionChange,
}: RowSelectionProps & { ids: readonly string[]; label: string }) {
  const selected = ids.filter((id) => selection.has(id)).length;
  return (
    <input
      type="checkbox"
      className={checkboxClasses}
      aria-label={label}
      disabled={ids.length === 0}
      checked={ids.length > 0 && selected === ids.length}
      ref={(element) => {
        if (element) element.indeterminate = selected > 0 && selected < ids.length;
      }}
      onChange={() => onSelectionChange(selected === ids.length ? new Set() : new Set(ids))}
    />
  );
}
