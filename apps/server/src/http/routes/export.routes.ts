/**
 * Exports of the runs and events lists (CSV or JSON) for the lists' own filters, streamed a
 * batch at a time: see stream-download.ts and read-models/keyset-batches.ts.
 */
import {
  v1EventExport,
  v1EventExportRowSchema,
  v1RunExportRowSchema,
  v1WorkflowRunExport,
} from '@trellis/api-contract';
import { countEventsToExport, readEventBatch } from '../../read-models/event-export.queries';
import { keysetBatches } from '../../read-models/keyset-batches';
import {
  countRunsToExport,
  readRunBatch,
  readTaskBatch,
} from '../../read-models/run-export.queries';
import type { ApiRouter } from '../api-router';
import { eventListFilter, runListFilter } from '../list-filters';
import { eventExportRow, runExportRow } from '../present-exports';
import { presentTask } from '../present-runs';
import { presentRunsWithTasks } from '../present-runs-with-tasks';
import { fileTimestamp, sendDownload } from '../stream-download';

const RUN_COLUMNS = Object.keys(v1RunExportRowSchema.shape);
const EVENT_COLUMNS = Object.keys(v1EventExportRowSchema.shape);

export function registerExportRoutes(api: ApiRouter): void {
  const { db } = api.context;

  api.handle(v1WorkflowRunExport, async ({ query, identity, reply }) => {
    const tenantId = identity.tenant!.id;
    const filter = runListFilter(tenantId, query);
    const noPayloads = { includePayloads: false };
    async function* rows() {
      if (query.only_tasks) {
        for await (const batch of keysetBatches((after, limit) =>
          readTaskBatch(db, filter, after, limit),
        )) {
          yield* batch.map((task) => runExportRow(presentTask(task, tenantId)));
        }
        return;
      }
      for await (const batch of keysetBatches((after, limit) =>
        readRunBatch(db, filter, after, limit),
      )) {
        const summaries = await presentRunsWithTasks(db, tenantId, batch, noPayloads);
        yield* summaries.map(runExportRow);
      }
    }
    await sendDownload(reply, {
      format: query.format,
      name: `${query.only_tasks ? 'tasks' : 'runs'}-${fileTimestamp(new Date())}`,
      columns: RUN_COLUMNS,
      total: await countRunsToExport(db, filter, query.only_tasks),
      rows: rows(),
    });
  });

  api.handle(v1EventExport, async ({ query, identity, reply }) => {
    const tenantId = identity.tenant!.id;
    const filter = eventListFilter(tenantId, query);
    async function* rows() {
      for await (const batch of keysetBatches((after, limit) =>
        readEventBatch(db, filter, after, limit),
      )) {
        yield* batch.map((event) => eventExportRow(event, tenantId));
      }
    }
    await sendDownload(reply, {
      format: query.format,
      name: `events-${fileTimestamp(new Date())}`,
      columns: EVENT_COLUMNS,
      total: await countEventsToExport(db, filter),
      rows: rows(),
    });
  });
}
