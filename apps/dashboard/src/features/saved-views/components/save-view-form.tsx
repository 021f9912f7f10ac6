import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { reportApiError } from '@/hooks/report-api-error';
import type { SavedViewList } from '@/types/api';
import { useCreateSavedView } from '../api/create-saved-view';

/** Saves the list as it is now (its URL state) under a name, private or shared. */
export function SaveViewForm({
  tenantId,
  list,
  state,
}: {
  tenantId: string;
  list: SavedViewList;
  state: string;
}) {
  const create = useCreateSavedView(tenantId);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  return (
    <form
      className="grid gap-2 border-t border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        create.mutate(
          { list, name, state, shared },
          {
            onSuccess: () => {
              setName('');
              setShared(false);
            },
            onError: (failure) =>
              reportApiError(failure, {
                title: 'Could not save the view',
                fields: ['name'],
                onFieldErrors: (errors) => setError(errors.name),
              }),
          },
        );
      }}
    >
      <Field label="Save current view" error={error}>
        <Input
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="Failed runs this week"
          maxLength={100}
          required
        />
      </Field>
      <div className="flex items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-[13px] text-foreground">
          <input
            type="checkbox"
            className="size-4 rounded border-input accent-primary"
            checked={shared}
            onChange={(event) => setShared(event.target.checked)}
          />
          Share with the tenant
        </label>
        <Button type="submit" size="sm" loading={create.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
