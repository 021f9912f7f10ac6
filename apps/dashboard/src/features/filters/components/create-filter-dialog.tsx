import { FormDialog } from '@/components/ui/form-dialog';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import type { V1Filter } from '@/types/api';
import { useCreateFilter } from '../api/create-filter';
import { FILTER_FIELDS, useFilterForm } from '../hooks/use-filter-form';
import { FilterFields } from './filter-fields';

/**
 * Create Filter (reference 5.7): workflow, scope, expression and payload. The expression is
 * checked as it is typed; the server checks it again and refuses one that does not compile.
 */
export default function CreateFilterDialog({
  tenantId,
  workflows,
  initialWorkflowId = '',
  onClose,
  onCreated,
}: {
  tenantId: string;
  workflows: readonly { id: string; name: string }[];
  initialWorkflowId?: string;
  onClose: () => void;
  onCreated: (filter: V1Filter) => void;
}) {
  const form = useFilterForm(tenantId, {
    workflowId: initialWorkflowId,
    scope: '',
    expression: '',
  });
  const create = useCreateFilter(tenantId);

  const submit = () => {
    if (!form.validate({ needsWorkflow: true })) return;
    create.mutate(
      { workflowId: form.workflowId, ...form.body() },
      {
        onSuccess: (filter) => {
          toast({
            title: 'Filter created',
            description: `Scope ${filter.scope}`,
            variant: 'success',
          });
          onCreated(filter);
        },
        onError: (error) =>
          reportApiError(error, {
            onFieldErrors: form.setErrors,
            fields: FILTER_FIELDS,
            title: 'Could not create the filter',
          }),
      },
    );
  };

  return (
    <FormDialog
      title="Create filter"
      description="Events sent with this scope trigger the workflow only when the expression is true for them."
      submitLabel="Create filter"
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Workflow" error={form.errors.workflowId}>
        <NativeSelect
          name="workflowId"
          value={form.workflowId}
          onChange={(event) => form.setWorkflowId(event.target.value)}
        >
          <option value="">
            {workflows.length === 0 ? 'No workflows registered yet' : 'Select a workflow'}
          </option>
          {workflows.map((workflow) => (
            <option key={workflow.id} value={workflow.id}>
              {workflow.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <FilterFields form={form} />
    </FormDialog>
  );
}
