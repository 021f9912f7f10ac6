/**
 * Stream events a task emits (PutStreamEvent): stored in order, and passed on after COMMIT to
 * the run's stream subscribers (run-subscriptions.ts) with the ids that order them.
 */
import { insertStreamEvents } from '../queries/task-stream-event.queries';
import { BufferedSystem, type Operation } from '../tick/system';
import type { TickContext } from '../tick/tick-context';
import type { AttemptRef } from './attempt-ref';

export interface StreamEventRequest extends AttemptRef {
  runId: string;
  taskExternalId: string;
  createdAt: Date;
  message: Uint8Array;
  eventIndex: number | null;
  metadata: unknown;
}

type StreamOp = StreamEventRequest & Operation<void>;

export class StreamEventSystem extends BufferedSystem<StreamOp> {
  /** Resolves once the event is committed. */
  request(event: StreamEventRequest): Promise<void> {
    return this.pushAwaited(event);
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    const ids = await insertStreamEvents(
      tick.tx,
      this.taken.map((s) => ({
        tenantId: s.tenantId,
        taskId: s.taskId,
        runId: s.runId,
        retryCount: s.retryCount,
        eventIndex: s.eventIndex,
        createdAt: s.createdAt,
        message: Buffer.from(s.message).toString('base64'),
        metadata: s.metadata,
      })),
    );
    this.taken.forEach((s, i) => {
      tick.outcome.streamEvents.push({
        tenantId: s.tenantId,
        runId: s.runId,
        id: ids[i]!,
        event: {
          taskExternalId: s.taskExternalId,
          retryCount: s.retryCount,
          eventIndex: s.eventIndex,
          createdAt: s.createdAt,
          message: s.message,
        },
      });
    });
  }
}
