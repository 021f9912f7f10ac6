import {
  v1FilterCreate,
  v1FilterDelete,
  v1FilterGet,
  v1FilterList,
  v1FilterUpdate,
  type ApiErrorItem,
  type V1Filter,
} from '@trellis/api-contract';
import { compileError, EVENT_FILTER } from '@trellis/cel';
import {
  deleteFilter,
  findFilter,
  insertFilter,
  listFilters,
  updateFilter,
  type FilterRow,
} from '../../read-models/filter.queries';
import { findWorkflowView } from '../../read-models/workflow.queries';
import { ApiError, badRequest, notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { filterListPagination } from '../pagination';

const DUPLICATE_FILTER =
  'this workflow already has a filter with this scope and expression: change that one instead';

function presentFilter(row: FilterRow, tenantId: string): V1Filter {
  return {
    metadata: {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    tenantId,
    workflowId: row.workflowId,
    scope: row.scope,
    expression: row.expression,
    payload: row.payload,
    isDeclarative: row.isDeclarative,
  };
}

/** Why an expression is refused, on the `expression` field: the evaluator could not compile it. */
function expressionError(expression: string): ApiErrorItem | undefined {
  const error = compileError(EVENT_FILTER, expression);
  return error
    ? { field: 'expression', description: `expression does not compile: ${error}` }
    : undefined;
}

export function registerFilterRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  const filterOr404 = async (tenantId: string, id: string) => {
    const row = await findFilter(db, tenantId, id);
    if (!row) throw notFound('filter not found');
    return row;
  };

  api.handle(v1FilterList, async ({ query, identity }) => {
    const tenantId = identity.tenant!.id;
    const { rows, total } = await listFilters(db, tenantId, query);
    return {
      pagination: filterListPagination(query, total),
      rows: rows.map((row) => presentFilter(row, tenantId)),
    };
  });

  api.handle(v1FilterCreate, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    const errors: ApiErrorItem[] = [];
    if (!(await findWorkflowView(db, tenantId, body.workflowId))) {
      errors.push({
        field: 'workflowId',
        description: `workflow ${body.workflowId} does not exist`,
      });
    }
    const invalid = expressionError(body.expression);
    if (invalid) errors.push(invalid);
    if (errors.length > 0) throw new ApiError(400, errors);
    const row = await insertFilter(db, tenantId, body);
    if (!row) throw badRequest(DUPLICATE_FILTER);
    // The engine caches each tenant's filters.
    engine.filtersChanged(tenantId);
    return presentFilter(row, tenantId);
  });

  api.handle(v1FilterGet, async ({ params, identity }) =>
    presentFilter(await filterOr404(identity.tenant!.id, params.filter), identity.tenant!.id),
  );

  api.handle(v1FilterUpdate, async ({ params, body, identity }) => {
    const tenantId = identity.tenant!.id;
    const invalid = body.expression === undefined ? undefined : expressionError(body.expression);
    if (invalid) throw new ApiError(400, [invalid]);
    if (body.expression === undefined && body.scope === undefined && body.payload === undefined) {
      return presentFilter(await filterOr404(tenantId, params.filter), tenantId);
    }
    const row = await updateFilter(db, tenantId, params.filter, body);
    if (row === 'duplicate') throw badRequest(DUPLICATE_FILTER);
    if (!row) throw notFound('filter not found');
    engine.filtersChanged(tenantId);
    return presentFilter(row, tenantId);
  });

  api.handle(v1FilterDelete, async ({ params, identity }) => {
    const tenantId = identity.tenant!.id;
    const row = await deleteFilter(db, tenantId, params.filter);
    if (!row) throw notFound('filter not found');
    engine.filtersChanged(tenantId);
    return presentFilter(row, tenantId);
  });
}
