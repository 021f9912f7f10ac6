/**
 * Which workflows an event triggers, decided in memory per tenant: the live workflows whose
 * newest version has an event trigger matching the key (event-key-pattern.ts), then their
 * filters, as the reference decides:
 *
 * - a workflow without filters runs once;
 * - a workflow with filters runs once per filter of the event's scope whose expression is true
 *   (with that filter's payload), so an event without a scope runs none of them;
 * - a filter whose expression fails on this event does not run the workflow and is reported,
 *   without stopping the other filters and workflows.
 *
 * The tenant's triggers and filters are read once and kept until something changes them
 * (PutWorkflow, a workflow deleted, a filter written: `invalidate`).
 */
import { evaluateBooleanExpression, EVENT_FILTER } from '@trellis/cel';
import type { Queryable } from '@trellis/db';
import { eventKeyPattern } from './event-key-pattern';
import {
  listEventTriggeredWorkflows,
  listTenantFilters,
  type FilterRow,
} from './queries/event-filter.queries';

export interface RoutableEvent {
  id: string;
  key: string;
  payload: unknown;
  additionalMetadata: Record<string, unknown>;
  scope: string | null;
}

/** One run to create for an event. */
export interface RouteDecision {
  workflowName: string;
  filterId: string | null;
  filterPayload: Record<string, unknown> | null;
}

export interface FilterFailure {
  /** None when what failed was the workflow's own expression (a concurrency key). */
  filterId: string | null;
  workflowId: string;
  message: string;
}

interface TriggeredWorkflow {
  id: string;
  name: string;
  patterns: RegExp[];
}

interface TenantRoutes {
  workflows: TriggeredWorkflow[];
  filters: Map<string, FilterRow[]>;
}

export class EventRoutes {
  private readonly tenants = new Map<string, Promise<TenantRoutes>>();

  constructor(private readonly db: Queryable) {}

  async route(
    tenantId: string,
    event: RoutableEvent,
  ): Promise<{ decisions: RouteDecision[]; failures: FilterFailure[] }> {
    const routes = await this.load(tenantId);
    const decisions: RouteDecision[] = [];
    const failures: FilterFailure[] = [];
    for (const workflow of routes.workflows) {
      if (!workflow.patterns.some((pattern) => pattern.test(event.key))) continue;
      const filters = routes.filters.get(workflow.id);
      if (!filters) {
        decisions.push({ workflowName: workflow.name, filterId: null, filterPayload: null });
        continue;
      }
      if (event.scope === null) continue;
      for (const filter of filters) {
        if (filter.scope !== event.scope) continue;
        const outcome = evaluateBooleanExpression(EVENT_FILTER, filter.expression, {
          input: asObject(event.payload),
          additional_metadata: event.additionalMetadata,
          payload: filter.payload,
          event_id: event.id,
          event_key: event.key,
        });
        if (!outcome.ok) {
          failures.push({ filterId: filter.id, workflowId: workflow.id, message: outcome.error });
        } else if (outcome.value) {
          decisions.push({
            workflowName: workflow.name,
            filterId: filter.id,
            filterPayload: filter.payload,
          });
        }
      }
    }
    return { decisions, failures };
  }

  /** Something changed the tenant's triggers or filters: read them again on the next event. */
  invalidate(tenantId: string): void {
    this.tenants.delete(tenantId);
  }

  private load(tenantId: string): Promise<TenantRoutes> {
    let routes = this.tenants.get(tenantId);
    if (!routes) {
      routes = this.read(tenantId);
      this.tenants.set(tenantId, routes);
      // A failed read is not kept: the next event tries again.
      routes.catch(() => {
        if (this.tenants.get(tenantId) === routes) this.tenants.delete(tenantId);
      });
    }
    return routes;
  }

  private async read(tenantId: string): Promise<TenantRoutes> {
    const [workflows, filters] = await Promise.all([
      listEventTriggeredWorkflows(this.db, tenantId),
      listTenantFilters(this.db, tenantId),
    ]);
    const byWorkflow = new Map<string, FilterRow[]>();
    for (const filter of filters) {
      const list = byWorkflow.get(filter.workflowId) ?? [];
      list.push(filter);
      byWorkflow.set(filter.workflowId, list);
    }
    return {
      workflows: workflows.map((w) => ({
        id: w.workflowId,
        name: w.workflowName,
        patterns: w.eventTriggers.map(eventKeyPattern),
      })),
      filters: byWorkflow,
    };
  }
}

/** The event payload as CEL's `input`: a JSON object, or an empty one for anything else. */
function asObject(payload: unknown): Record<string, unknown> {
  return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
    ? (payload as Record<string, unknown>)
    : {};
}
