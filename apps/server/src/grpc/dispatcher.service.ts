/**
 * The Dispatcher service: worker registration, the assignment stream, heartbeats, step events,
 * and the run-result and stream-event subscriptions clients await runs with.
 */
import {
  parseDuration,
  type BatchEventReport,
  type EngineApi,
  type TaskEventReport,
} from '@trellis/engine';
import { invalid } from './grpc-errors';
import { bidiStream, serverStream, unary, type HandlerContext } from './handlers';
import { toAssignedAction, toLabels, toWorkflowRunEvent, workflowRunErrorEvent } from './mapping';
import type {
  BatchActionEvent,
  HeartbeatRequest,
  RefreshTimeoutRequest,
  StepActionEvent,
  SubscribeToWorkflowEventsRequest,
  SubscribeToWorkflowRunsRequest,
  TaskIdRequest,
  UpsertWorkerLabelsRequest,
  WorkerIdRequest,
  WorkerRegisterRequest,
} from './messages';
import { fromTimestamp, toTimestamp } from './timestamps';
import type { BidiStreamingCall, ServerStreamingCall } from './transport/calls';
import type { ServiceImplementation } from './transport/server';

/**
 * The engine version we report. v0.80.0 selects the SDK's current paths (slot_config
 * registration, ListenV2); below v0.78.23 the SDK takes a deprecated path that fails at
 * random. It also selects the DurableTask stream for durable tasks, which arrives later.
 */
export const REPORTED_ENGINE_VERSION = 'v0.80.0';

/** Slots a worker gets when it registers with neither slot_config nor slots. */
const DEFAULT_WORKER_SLOTS = 100;

/** The calls of the two subscriptions that clients await runs with. */
type RunResultsCall = BidiStreamingCall<SubscribeToWorkflowRunsRequest, Record<string, unknown>>;
type RunEventsCall = ServerStreamingCall<SubscribeToWorkflowEventsRequest, Record<string, unknown>>;

const STEP_EVENT_KINDS: Record<string, TaskEventReport['kind'] | undefined> = {
  STEP_EVENT_TYPE_STARTED: 'STARTED',
  STEP_EVENT_TYPE_COMPLETED: 'COMPLETED',
  STEP_EVENT_TYPE_FAILED: 'FAILED',
};

const BATCH_EVENT_KINDS: Record<string, BatchEventReport['kind'] | undefined> = {
  ...STEP_EVENT_KINDS,
  STEP_EVENT_TYPE_CANCELLED: 'CANCELLED',
};

export function dispatcherService(engine: EngineApi, ctx: HandlerContext): ServiceImplementation {
  return {
    GetVersion: unary(ctx, async () => ({ version: REPORTED_ENGINE_VERSION })),

    Register: unary(ctx, async (tenantId, request: WorkerRegisterRequest) => {
      if (!request.worker_name) throw invalid('worker_name is required');
      const slotConfig =
        Object.keys(request.slot_config).length > 0
          ? request.slot_config
          : { default: request.slots ?? DEFAULT_WORKER_SLOTS };
      const slots = Object.values(slotConfig).reduce((sum, units) => sum + units, 0);
      const workerId = await ctx.resourceLimits.admitWorker(tenantId, slots, () =>
        engine.registerWorker(tenantId, {
          name: request.worker_name,
          actions: request.actions,
          slotConfig,
          labels: toLabels(request.labels),
          runtimeInfo: request.runtime_info ?? null,
        }),
      );
      return { tenant_id: tenantId, worker_id: workerId, worker_name: request.worker_name };
    }),

    ListenV2: serverStream(ctx, (tenantId, call) => listen(engine, tenantId, call)),
    // The pre-v2 listener: the SDK falls back to it only if ListenV2 is unimplemented.
    Listen: serverStream(ctx, (tenantId, call) => listen(engine, tenantId, call)),

    Heartbeat: unary(ctx, async (tenantId, request: HeartbeatRequest) => {
      await engine.heartbeat(tenantId, request.worker_id);
      return {};
    }),

    SendStepActionEvent: unary(ctx, async (tenantId, event: StepActionEvent) => {
      const kind = STEP_EVENT_KINDS[String(event.event_type)];
      if (!kind)
        throw invalid(`event_type ${String(event.event_type)} is not STARTED, COMPLETED or FAILED`);
      if (!event.task_run_external_id) throw invalid('task_run_external_id is required');
      await engine.reportTaskEvent(tenantId, {
        taskExternalId: event.task_run_external_id,
        retryCount: event.retry_count,
        workerId: event.worker_id,
        kind,
        payload: event.event_payload,
        shouldNotRetry: event.should_not_retry,
        at: fromTimestamp(event.event_timestamp),
      });
      return { tenant_id: tenantId, worker_id: event.worker_id };
    }),

    SendBatchActionEvent: unary(ctx, async (tenantId, event: BatchActionEvent) => {
      const kind = BATCH_EVENT_KINDS[String(event.event_type)];
      if (!kind) {
        throw invalid(
          `event_type ${String(event.event_type)} is not STARTED, COMPLETED, FAILED or CANCELLED`,
        );
      }
      if (event.items.some((item) => !item.task_run_external_id)) {
        throw invalid('every item needs its task_run_external_id');
      }
      await engine.reportBatchEvent(tenantId, {
        workerId: event.worker_id,
        kind,
        at: fromTimestamp(event.event_timestamp),
        items: event.items.map((item) => ({
          taskExternalId: item.task_run_external_id,
          payload: item.event_payload,
          retryCount: item.retry_count,
          shouldNotRetry: item.should_not_retry,
        })),
      });
      return { tenant_id: tenantId, worker_id: event.worker_id };
    }),

    SubscribeToWorkflowRuns: bidiStream(ctx, async (tenantId, call: RunResultsCall) => {
      const subscriptions = new Map<string, () => void>();
      const stop = () => {
        for (const unsubscribe of subscriptions.values()) unsubscribe();
        subscriptions.clear();
      };
      call.on('data', (request) => {
        const runId = request.workflow_run_id;
        if (subscriptions.has(runId)) return;
        subscriptions.set(runId, () => {});
        engine
          .subscribeToRun(tenantId, runId, (result) => {
            subscriptions.delete(runId);
            call.write(toWorkflowRunEvent(result));
          })
          .then(
            (unsubscribe) => {
              if (subscriptions.has(runId)) subscriptions.set(runId, unsubscribe);
            },
            (error: unknown) => {
              subscriptions.delete(runId);
              const message = error instanceof Error ? error.message : 'subscription failed';
              call.write(workflowRunErrorEvent(runId, message));
            },
          );
      });
      call.on('end', () => {
        stop();
        call.end();
      });
      call.on('cancelled', stop);
      call.on('error', stop);
    }),

    SubscribeToWorkflowEvents: serverStream(ctx, async (tenantId, call: RunEventsCall) => {
      const runId = call.request.workflow_run_id;
      if (!runId) throw invalid('workflow_run_id is required (metadata subscriptions come later)');
      let ended = false;
      let stopListening = () => {};
      const finish = () => {
        ended = true;
        stopListening();
      };
      call.on('cancelled', finish);
      call.on('error', finish);
      const unsubscribe = await engine.subscribeToRunStream(tenantId, runId, {
        onStreamEvent: (event) => {
          if (ended) return;
          call.write({
            workflow_run_id: runId,
            resource_type: 'RESOURCE_TYPE_STEP_RUN',
            event_type: 'RESOURCE_EVENT_TYPE_STREAM',
            resource_id: event.taskExternalId,
            event_timestamp: toTimestamp(event.createdAt),
            event_payload: Buffer.from(event.message).toString('utf8'),
            hangup: false,
            retry_count: event.retryCount,
            ...(event.eventIndex !== null ? { event_index: event.eventIndex } : {}),
          });
        },
        onFinished: (status) => {
          if (ended) return;
          ended = true;
          call.write({
            workflow_run_id: runId,
            resource_type: 'RESOURCE_TYPE_WORKFLOW_RUN',
            event_type:
              status === 'COMPLETED'
                ? 'RESOURCE_EVENT_TYPE_COMPLETED'
                : status === 'FAILED'
                  ? 'RESOURCE_EVENT_TYPE_FAILED'
                  : 'RESOURCE_EVENT_TYPE_CANCELLED',
            resource_id: runId,
            event_timestamp: toTimestamp(new Date()),
            event_payload: '',
            hangup: true,
          });
          call.end();
        },
      });
      if (ended) unsubscribe();
      else stopListening = unsubscribe;
    }),

    Unsubscribe: unary(ctx, async (tenantId, request: WorkerIdRequest) => {
      await engine.unsubscribeWorker(tenantId, request.worker_id);
      return { tenant_id: tenantId, worker_id: request.worker_id };
    }),

    RefreshTimeout: unary(ctx, async (tenantId, request: RefreshTimeoutRequest) => {
      const ms = parseDuration(request.increment_timeout_by);
      if (ms === undefined || ms <= 0) {
        throw invalid(
          `increment_timeout_by "${request.increment_timeout_by}" is not a duration such as "10s"`,
        );
      }
      const timeoutAt = await engine.refreshTimeout(tenantId, request.task_run_external_id, ms);
      return { timeout_at: toTimestamp(timeoutAt) };
    }),

    ReleaseSlot: unary(ctx, async (tenantId, request: TaskIdRequest) => {
      await engine.releaseSlot(tenantId, request.task_run_external_id);
      return {};
    }),

    UpsertWorkerLabels: unary(ctx, async (tenantId, request: UpsertWorkerLabelsRequest) => {
      await engine.upsertWorkerLabels(tenantId, request.worker_id, toLabels(request.labels));
      return { tenant_id: tenantId, worker_id: request.worker_id };
    }),
  };
}

/** The assignment stream: stays open; a reconnect with the same worker id replaces it. */
async function listen(
  engine: EngineApi,
  tenantId: string,
  call: ServerStreamingCall<WorkerIdRequest, Record<string, unknown>>,
): Promise<void> {
  const workerId = call.request.worker_id;
  if (!workerId) throw invalid('worker_id is required');
  let open = true;
  const detach = await engine.attachWorkerStream(tenantId, workerId, {
    send: (action) => {
      if (open) call.write(toAssignedAction(action));
    },
    close: () => {
      if (!open) return;
      open = false;
      call.end();
    },
  });
  const closed = () => {
    open = false;
    detach();
  };
  call.on('cancelled', closed);
  call.on('error', closed);
  call.on('close', closed);
}
