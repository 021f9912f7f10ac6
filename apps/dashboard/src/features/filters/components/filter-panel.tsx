import { Bug, Funnel, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { ResourceLoadError } from '@/components/layout/resource-load-error';
import { Section } from '@/components/layout/section';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { JsonView } from '@/components/ui/json-view';
import { RelativeTime } from '@/components/ui/relative-time';
import { Sheet } from '@/components/ui/sheet';
import { LoadingArea } from '@/components/ui/spinner';
import { tenantHref } from '@/config/paths';
import { filtersHref } from '@/config/screen-links';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import type { V1Filter } from '@/types/api';
import { useDeleteFilter } from '../api/delete-filter';
import { useFilter } from '../api/get-filter';
import { useUpdateFilter } from '../api/update-filter';
import { FILTER_FIELDS, useFilterForm } from '../hooks/use-filter-form';
import type { CelDebuggerStart } from './cel-debugger-dialog';
import { FilterFields } from './filter-fields';

/**
 * One filter (reference 5.7, the filter side panel): its workflow, scope, expression and
 * payload; members edit them (the expression checked as it is typed) or delete the filter.
 */
export default function FilterPanel({
  tenantId,
  filterId,
  canEdit,
  workflowName,
  onDebug,
  onClose,
}: {
  tenantId: string;
  filterId: string;
  canEdit: boolean;
  workflowName: (workflowId: string) => string | undefined;
  onDebug: (start: CelDebuggerStart) => void;
  onClose: () => void;
}) {
  const filter = useFilter(tenantId, filterId);
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())} title="Filter">
      <div className="p-4 sm:p-6">
        {filter.isPending ? (
          <LoadingArea label="Loading filter" />
        ) : filter.isError ? (
          <ResourceLoadError
            error={filter.error}
            retry={() => void filter.refetch()}
            icon={<Funnel />}
            noun="Filter"
            notFoundDescription="It may have been deleted, or it belongs to another tenant."
            listHref={filtersHref(tenantId)}
            listLabel="Back to filters"
          />
        ) : (
          <FilterDetail
            tenantId={tenantId}
            filter={filter.data}
            canEdit={canEdit}
            workflowName={workflowName(filter.data.workflowId)}
            onDebug={onDebug}
            onDeleted={onClose}
          />
        )}
      </div>
    </Sheet>
  );
}

function FilterDetail({
  tenantId,
  filter,
  canEdit,
  workflowName,
  onDebug,
  onDeleted,
}: {
  tenantId: string;
  filter: V1Filter;
  canEdit: boolean;
  workflowName: string | undefined;
  onDebug: (start: CelDebuggerStart) => void;
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const remove = useDeleteFilter(tenantId, filter.metadata.id);
  const workflowLink = (
    <Link
      to={tenantHref(tenantId, 'workflows/:workflow', { workflow: filter.workflowId })}
      className="font-medium text-foreground hover:underline"
    >
      {workflowName ?? filter.workflowId}
    </Link>
  );

  return (
    <article className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-label="Filter">
      <header className="grid grid-cols-[minmax(0,1fr)] gap-2 pr-8">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Filter</p>
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          <span className="truncate">{workflowName ?? 'Workflow'}</span>
          <Badge variant="outline" className="font-mono text-xs" title="Scope">
            {filter.scope}
          </Badge>
          {filter.isDeclarative ? <Badge variant="accent">Declared in code</Badge> : null}
        </h2>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex min-w-0 items-center gap-1">
            <span className="whitespace-nowrap">Filter ID</span>
            <code className="truncate font-mono text-foreground">{filter.metadata.id}</code>
            <CopyButton value={filter.metadata.id} label="filter ID" className="size-7" />
          </span>
          <span>
            Updated <RelativeTime value={filter.metadata.updatedAt} />
          </span>
        </div>
        <div className="flex flex-wrap gap-2 pt-1">
          {canEdit && !editing ? (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              onDebug({ expression: filter.expression, filterPayload: filter.payload })
            }
          >
            <Bug aria-hidden="true" />
            Open in debugger
          </Button>
          {canEdit ? (
            <Button
              variant="destructive-outline"
              size="sm"
              onClick={() => setConfirmingDelete(true)}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          ) : null}
        </div>
      </header>

      {filter.isDeclarative ? (
        <Callout title="Declared in the workflow's code">
          A worker registered this filter with its workflow; the next version it registers replaces
          it, edits included.
        </Callout>
      ) : null}

      {editing ? (
        <FilterEditForm tenantId={tenantId} filter={filter} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt className="text-muted-foreground">Workflow</dt>
            <dd>{workflowLink}</dd>
            <dt className="text-muted-foreground">Scope</dt>
            <dd>
              <code className="font-mono break-all">{filter.scope}</code>
            </dd>
          </dl>
          <Section title="Expression">
            <pre className="overflow-x-auto rounded-lg border border-border bg-muted/30 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap">
              <code>{filter.expression}</code>
            </pre>
          </Section>
          <Section title="Payload" description="What the expression reads as payload.">
            <JsonView value={filter.payload} label="filter payload" maxHeightClass="max-h-72" />
          </Section>
        </>
      )}

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete filter"
        description={
          <>
            Delete the filter of <span className="font-medium text-foreground">{workflowName}</span>{' '}
            for scope <code className="font-mono text-foreground">{filter.scope}</code>? Events with
            this scope are no longer checked against it. This cannot be undone.
          </>
        }
        confirmLabel="Delete filter"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmingDelete(false);
              toast({ title: 'Filter deleted', variant: 'success' });
              onDeleted();
            },
            onError: (error) => {
              setConfirmingDelete(false);
              reportApiError(error, { title: 'Could not delete the filter' });
            },
          })
        }
      />
    </article>
  );
}

function FilterEditForm({
  tenantId,
  filter,
  onDone,
}: {
  tenantId: string;
  filter: V1Filter;
  onDone: () => void;
}) {
  const form = useFilterForm(tenantId, filter);
  const update = useUpdateFilter(tenantId, filter.metadata.id);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate({ needsWorkflow: false })) return;
    update.mutate(form.body(), {
      onSuccess: () => {
        toast({ title: 'Filter saved', variant: 'success' });
        onDone();
      },
      onError: (error) =>
        reportApiError(error, {
          onFieldErrors: form.setErrors,
          fields: FILTER_FIELDS,
          title: 'Could not save the filter',
        }),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Edit filter">
      <FilterFields form={form} />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
