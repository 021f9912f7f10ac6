/**
 * The V1Dispatcher service: the DurableTask stream a worker opens for its durable tasks
 * (worker-protocol.md 5.2). Each request is answered as the SDK matches it: acks by task and
 * invocation, completions by node, and a failed request as an `error` naming its task and
 * invocation, so the call that sent it fails and the stream stays up.
 *
 */
import {
  EngineError,
  type DurableCompletion,
  type DurableRef,
  type EngineApi,
} from '@trellis/engine';
import { invalid } from './grpc-errors';
import { bidiStream, unary, type HandlerContext } from './handlers';
import { toTriggerRequest } from './mapping';
import { toCondition, type ConditionMessage } from './condition-messages';
import { RecentSends } from './recent-sends';
import type { TriggerWorkflowRequest } from './messages';
import type { BidiStreamingCall } from './transport/calls';
import type { ServiceImplementation } from './transport/server';
import { GrpcError, Status } from './transport/status';

interface RefMessage {
  durable_task_external_id: string;
  invocation_count: number;
  branch_id: number;
  node_id: number;
}

interface DurableTaskRequest {
  message?: string;
  register_worker?: { worker_id: string };
  wait_for?: {
    invocation_count: number;
    durable_task_external_id: string;
    wait_for_conditions?: {
      sleep_conditions: ConditionMessage[];
      user_event_conditions: ConditionMessage[];
    } | null;
    label?: string;
  };
  memo?: { invocation_count: number; durable_task_external_id: string; key: Buffer };
  complete_memo?: { ref: RefMessage | null; payload: Buffer; memo_key: Buffer };
  trigger_runs?: {
    invocation_count: number;
    durable_task_external_id: string;
    trigger_opts: TriggerWorkflowRequest[];
  };
  evict_invocation?: {
    invocation_count: number;
    durable_task_external_id: string;
    reason?: string;
  };
  worker_status?: { worker_id: string; waiting_entries: AwaitedMessage[] };
}

interface AwaitedMessage {
  durable_task_external_id: string;
  branch_id: number;
  node_id: number;
  invocation_count: number;
}

type DurableCall = BidiStreamingCall<DurableTaskRequest, Record<string, unknown>>;

export function durableService(engine: EngineApi, ctx: HandlerContext): ServiceImplementation {
  return {
    DurableTask: bidiStream(ctx, async (tenantId, call: DurableCall) => {
      const stream = new DurableTaskStream(engine, tenantId, call);
      call.on('data', (request: DurableTaskRequest) => stream.handle(request));
      const closed = () => stream.close();
      call.on('end', () => {
        closed();
        call.end();
      });
      call.on('cancelled', closed);
      call.on('error', closed);
      call.on('close', closed);
    }),
    // The legacy pair, for engines below v0.80.0: SDK 1.33.2 does not send it to Trellis,
    // which reports v0.80.0; an older SDK that knows only it is told what to do.
    RegisterDurableEvent: unary(ctx, () => Promise.reject(legacyDurableProtocol())),
    ListenForDurableEvent: bidiStream(ctx, () => Promise.reject(legacyDurableProtocol())),
  };
}

function legacyDurableProtocol(): GrpcError {
  return new GrpcError(
    Status.UNIMPLEMENTED,
    'Trellis serves durable tasks over V1Dispatcher/DurableTask (engine v0.80.0), not the older RegisterDurableEvent and ListenForDurableEvent: upgrade the SDK (1.33 or later)',
  );
}

class DurableTaskStream {
  private workerId: string | undefined;
  private detach: (() => void) | undefined;
  private open = true;
  /** What was sent, so status reports are not answered with it again (recent-sends.ts). */
  private readonly recent = new RecentSends();

  constructor(
    private readonly engine: EngineApi,
    private readonly tenantId: string,
    private readonly call: DurableCall,
  ) {}

  close(): void {
    this.open = false;
    this.detach?.();
  }

  handle(request: DurableTaskRequest): void {
    this.dispatch(request).catch((error: unknown) => {
      const ref = refOf(request);
      if (ref && error instanceof EngineError) {
        this.write({
          error: {
            ref,
            error_type: 'DURABLE_TASK_ERROR_TYPE_UNSPECIFIED',
            error_message: error.message,
          },
        });
        // A call of an invocation that is over: the worker drops that invocation too.
        if (error.code === 'FAILED_PRECONDITION') this.serverEvict(fromRef(ref), error.message);
        return;
      }
      // Nothing to name it by (register_worker, a malformed request): the stream ends with the
      // error's status, and the SDK connects again.
      this.close();
      this.call.endWithError(error);
    });
  }

  private async dispatch(request: DurableTaskRequest): Promise<void> {
    if (request.register_worker) return this.register(request.register_worker.worker_id);
    const workerId = this.workerId;
    if (workerId === undefined) throw invalid('register_worker must come first on the stream');
    const { engine, tenantId } = this;
    if (request.wait_for) {
      const { wait_for: wait } = request;
      const conditions = wait.wait_for_conditions;
      const answer = await engine.durable.call(
        tenantId,
        workerId,
        wait.durable_task_external_id,
        wait.invocation_count,
        {
          kind: 'WAIT_FOR',
          sleeps: (conditions?.sleep_conditions ?? []).map(toCondition),
          events: (conditions?.user_event_conditions ?? []).map(toCondition),
          label: wait.label,
        },
      );
      if (!answer.ok) return this.nondeterminism(answer.ref, answer.nondeterminism);
      this.write({ wait_for_ack: { ref: toRef(answer.ref) } });
      return this.complete(answer.completions);
    }
    if (request.memo) {
      const { memo } = request;
      const answer = await engine.durable.call(
        tenantId,
        workerId,
        memo.durable_task_external_id,
        memo.invocation_count,
        { kind: 'MEMO', memoKey: memo.key },
      );
      if (!answer.ok) return this.nondeterminism(answer.ref, answer.nondeterminism);
      const existed = answer.memo?.existed ?? false;
      this.write({
        memo_ack: {
          ref: toRef(answer.ref),
          memo_already_existed: existed,
          ...(existed
            ? { memo_result_payload: Buffer.from(JSON.stringify(answer.memo!.value)) }
            : {}),
        },
      });
      return this.complete(answer.completions);
    }
    if (request.complete_memo) {
      const { ref, payload } = request.complete_memo;
      if (!ref) throw invalid('complete_memo needs the memo node');
      return this.complete(
        await engine.durable.memoValue(tenantId, workerId, fromRef(ref), payload),
      );
    }
    if (request.worker_status) {
      const waiting = request.worker_status.waiting_entries.map(fromRef);
      const { completions, stale } = await engine.durable.missed(tenantId, workerId, waiting);
      this.recent.prune();
      this.complete(completions.filter(({ ref }) => this.recent.due(completionKey(ref))));
      const over = new Map(stale.map((ref) => [evictionKey(ref), ref]));
      for (const [key, ref] of over) {
        if (!this.recent.due(key)) continue;
        this.serverEvict(ref, 'the invocation is over: the task is not this worker’s to run at it');
      }
      return;
    }
    if (request.trigger_runs) {
      const spawn = request.trigger_runs;
      const answer = await engine.durable.spawn(
        tenantId,
        workerId,
        spawn.durable_task_external_id,
        spawn.invocation_count,
        spawn.trigger_opts.map(toTriggerRequest),
      );
      if (!answer.ok) return this.nondeterminism(answer.ref, answer.nondeterminism);
      this.write({
        trigger_runs_ack: {
          durable_task_external_id: spawn.durable_task_external_id,
          invocation_count: spawn.invocation_count,
          run_entries: answer.runs.map(({ ref, runId }) => ({
            node_id: ref.nodeId,
            branch_id: ref.branchId,
            workflow_run_external_id: runId,
          })),
        },
      });
      return this.complete(answer.completions);
    }
    if (request.evict_invocation) {
      const evict = request.evict_invocation;
      await engine.durable.evict(
        tenantId,
        workerId,
        evict.durable_task_external_id,
        evict.invocation_count,
        evict.reason ?? '',
      );
      this.write({
        eviction_ack: {
          invocation_count: evict.invocation_count,
          durable_task_external_id: evict.durable_task_external_id,
        },
      });
      return;
    }
    throw invalid(`unknown request ${request.message ?? ''}`);
  }

  private register(workerId: string): void {
    this.detach?.();
    this.detach = this.engine.durable.attach(this.tenantId, workerId, {
      send: (completion) => this.complete([completion]),
    });
    this.workerId = workerId;
    this.write({ register_worker: { worker_id: workerId } });
  }

  private complete(completions: readonly DurableCompletion[]): void {
    for (const { ref, payload, failure } of completions) {
      this.recent.sent(completionKey(ref));
      this.write({
        entry_completed: {
          ref: toRef(ref),
          payload: Buffer.from(failure === undefined ? JSON.stringify(payload ?? null) : ''),
          is_failure: failure !== undefined,
          ...(failure !== undefined ? { error_message: failure } : {}),
        },
      });
    }
  }

  /** Tells the worker to abort an invocation it still runs locally (`server_evict`). */
  private serverEvict(ref: DurableRef, reason: string): void {
    this.recent.sent(evictionKey(ref));
    this.write({
      server_evict: {
        durable_task_external_id: ref.taskExternalId,
        invocation_count: ref.invocation,
        reason,
      },
    });
  }

  private nondeterminism(ref: DurableRef, message: string): void {
    this.write({
      error: {
        ref: toRef(ref),
        error_type: 'DURABLE_TASK_ERROR_TYPE_NONDETERMINISM',
        error_message: message,
      },
    });
  }

  private write(message: Record<string, unknown>): void {
    if (this.open) this.call.write(message);
  }
}

function toRef(ref: DurableRef): RefMessage {
  return {
    durable_task_external_id: ref.taskExternalId,
    invocation_count: ref.invocation,
    branch_id: ref.branchId,
    node_id: ref.nodeId,
  };
}

function fromRef(ref: RefMessage | AwaitedMessage): DurableRef {
  return {
    taskExternalId: ref.durable_task_external_id,
    invocation: ref.invocation_count,
    branchId: Number(ref.branch_id),
    nodeId: Number(ref.node_id),
  };
}

/** The task and invocation a request is about, for an error the SDK can match. */
function completionKey(ref: DurableRef): string {
  return `${ref.taskExternalId}/${ref.invocation}/${ref.branchId}/${ref.nodeId}`;
}

function evictionKey(ref: DurableRef): string {
  return `evict/${ref.taskExternalId}/${ref.invocation}`;
}

function refOf(request: DurableTaskRequest): RefMessage | undefined {
  const named =
    request.wait_for ?? request.memo ?? request.trigger_runs ?? request.evict_invocation;
  if (named) {
    return {
      durable_task_external_id: named.durable_task_external_id,
      invocation_count: named.invocation_count,
      branch_id: 0,
      node_id: 0,
    };
  }
  return request.complete_memo?.ref ?? undefined;
}
