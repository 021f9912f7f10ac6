/**
 * A client: `tsx run.ts <task> '<json input>'` runs a task or workflow and prints
 * `RESULT <json>` (or `ERROR <message>`); `--no-wait` prints `RUN <id>` instead;
 * `tsx run.ts --stream <run id>` prints each streamed chunk as `CHUNK <text>`;
 * `tsx run.ts --bulk <task> <count> '<json input>'` triggers `count` runs in bulk, prints
 * `RUNS <count>`, awaits them all and prints `DONE ok=<n> failed=<n>`;
 * `tsx run.ts --push <key> '<json payload>' [scope] ['<json metadata>']` pushes an event and
 * prints `EVENT <id>`; `--bulk-push <key> <count> '<json payload>'` pushes `count` events in one
 * call and prints `EVENTS <id,id,...>`; `--list-events <key>` prints `LIST <json>` (REST);
 * `--filter <workflow id> <scope> '<expression>' '<json payload>'` creates a filter (REST) and
 * prints `FILTER <json>`, and `--filters <workflow id>` lists them as `FILTERS <json>`.
 * `--rate-limit <key> <limit> [SECOND|MINUTE|...]` puts a rate limit and prints `RATE LIMITS
 * <json>` as the REST list shows it. `--charge <order id>...` triggers the idempotent
 * charge-order and prints `RUNS <ids>`, or `COLLISION <existing run id>`, or for several ids
 * `BULK COLLISION {"created","existing"}`. `--branch <task id> <node id> [branch id]` runs a
 * durable task again from a node of its log (REST) and prints `BRANCH <json>`. Crons and
 * scheduled runs: schedule-commands.ts.
 */
import { cancellable, conditional } from './conditions';
import { dag } from './dag';
import { durableSleeper } from './durable';
import { fanoutParent } from './fanout';
import { failOnce, fatal, flaky } from './flaky';
import {
  BulkTriggerIdempotencyCollisionError,
  IdempotencyCollisionError,
  RateLimitDuration,
} from '@hatchet-dev/typescript-sdk/v1';
import { hatchet } from './hatchet';
import { chargeOrder } from './idempotency';
import { scheduleCommands } from './schedule-commands';
import { simple } from './simple';
import {
  resilient,
  resilientDag,
  resilientKeyed,
  resilientParent,
  slow,
  streamer,
  tooSlow,
} from './slow';

/** What this client needs of a task or workflow; inputs arrive as JSON from the command line. */
interface RunRef {
  getWorkflowRunId(): Promise<string>;
  output: Promise<unknown>;
}

interface Runnable {
  cron(name: string, expression: string, input: unknown): Promise<unknown>;
  schedule(at: Date, input: unknown): Promise<unknown>;
  run(input: unknown): Promise<unknown>;
  runNoWait(input: unknown[]): Promise<RunRef[]>;
  runNoWait(input: unknown): Promise<RunRef>;
}

const runnables = {
  simple,
  dag,
  'fanout-parent': fanoutParent,
  flaky,
  fatal,
  'fail-once': failOnce,
  'too-slow': tooSlow,
  slow,
  streamer,
  resilient,
  'resilient-dag': resilientDag,
  'resilient-parent': resilientParent,
  'resilient-keyed': resilientKeyed,
  'durable-sleeper': durableSleeper,
  conditional,
  cancellable,
} as unknown as Record<string, Runnable | undefined>;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const scheduleCommand = scheduleCommands[args[0] ?? ''];
  if (scheduleCommand) {
    console.log(await scheduleCommand(args.slice(1), runnableNamed));
    return;
  }
  if (args[0] === '--stream') {
    for await (const chunk of hatchet.runs.subscribeToStream(args[1]!))
      console.log(`CHUNK ${chunk}`);
    console.log('STREAM END');
    return;
  }
  if (args[0] === '--push') {
    const [, key, payload = '{}', scope, metadata] = args;
    const event = await hatchet.events.push(key!, JSON.parse(payload), {
      ...(scope ? { scope } : {}),
      ...(metadata ? { additionalMetadata: JSON.parse(metadata) as Record<string, string> } : {}),
    });
    console.log(`EVENT ${event.eventId}`);
    return;
  }
  if (args[0] === '--bulk-push') {
    const [, key, count, payload = '{}'] = args;
    const { events } = await hatchet.events.bulkPush(
      key!,
      Array.from({ length: Number(count) }, (_, i) => ({
        payload: { ...(JSON.parse(payload) as object), i },
        additionalMetadata: { i: String(i) },
      })),
    );
    console.log(`EVENTS ${events.map((e) => e.eventId).join(',')}`);
    return;
  }
  if (args[0] === '--rate-limit') {
    const [, key, limit, duration = 'SECOND'] = args;
    await hatchet.ratelimits.upsert({
      key: key!,
      limit: Number(limit),
      duration: RateLimitDuration[duration as keyof typeof RateLimitDuration],
    });
    const { rows } = await hatchet.ratelimits.list({ search: key! });
    console.log(`RATE LIMITS ${JSON.stringify(rows ?? [])}`);
    return;
  }
  if (args[0] === '--charge') {
    // Triggers `charge-order` for each order id, in one bulk call when there are several.
    const orders = args.slice(1).map((orderId) => ({ orderId }));
    try {
      const refs =
        orders.length === 1
          ? [await chargeOrder.runNoWait(orders[0]!)]
          : await chargeOrder.runNoWait(orders);
      console.log(
        `RUNS ${JSON.stringify(await Promise.all(refs.map((r) => r.getWorkflowRunId())))}`,
      );
    } catch (error) {
      if (error instanceof BulkTriggerIdempotencyCollisionError) {
        const existing = error.collisions.map((c) => c.existingRunExternalId);
        console.log(
          `BULK COLLISION ${JSON.stringify({ created: error.successfulWorkflowRunExternalIds, existing })}`,
        );
      } else if (error instanceof IdempotencyCollisionError) {
        console.log(`COLLISION ${error.existingRunExternalId}`);
      } else throw error;
    }
    return;
  }
  if (args[0] === '--branch') {
    const [, taskExternalId, nodeId, branchId = '0'] = args;
    const { data } = await hatchet.runs.branchDurableTask(
      taskExternalId!,
      Number(nodeId),
      Number(branchId),
    );
    console.log(`BRANCH ${JSON.stringify(data)}`);
    return;
  }
  if (args[0] === '--list-events') {
    const list = await hatchet.events.list({ keys: [args[1]!], limit: 100 });
    console.log(`LIST ${JSON.stringify(list)}`);
    return;
  }
  if (args[0] === '--filter') {
    const [, workflowId, scope, expression, payload = '{}'] = args;
    const filter = await hatchet.filters.create({
      workflowId: workflowId!,
      scope: scope!,
      expression: expression!,
      payload: JSON.parse(payload) as object,
    });
    console.log(`FILTER ${JSON.stringify(filter)}`);
    return;
  }
  if (args[0] === '--filters') {
    const list = await hatchet.filters.list({ workflowIds: [args[1]!] });
    console.log(`FILTERS ${JSON.stringify(list)}`);
    return;
  }
  if (args[0] === '--bulk') {
    const [, name, count, input = '{}'] = args;
    const runnable = runnableNamed(name!);
    const refs = await runnable.runNoWait(
      Array.from({ length: Number(count) }, () => JSON.parse(input) as unknown),
    );
    console.log(`RUNS ${refs.length}`);
    const results = await Promise.allSettled(refs.map((ref) => ref.output));
    const failures = results.filter((r) => r.status === 'rejected');
    for (const failure of failures.slice(0, 5)) console.log(`FAILURE ${describe(failure.reason)}`);
    const ok = results.length - failures.length;
    console.log(`DONE ok=${ok} failed=${results.length - ok}`);
    return;
  }
  const noWait = args[0] === '--no-wait';
  const [name, input = '{}'] = noWait ? args.slice(1) : args;
  const runnable = runnableNamed(name!);
  if (noWait) {
    const ref = await runnable.runNoWait(JSON.parse(input));
    console.log(`RUN ${await ref.getWorkflowRunId()}`);
    return;
  }
  console.log(`RESULT ${JSON.stringify(await runnable.run(JSON.parse(input)))}`);
}

function runnableNamed(name: string): Runnable {
  const runnable = runnables[name];
  if (!runnable) throw new Error(`unknown task ${name}`);
  return runnable;
}

function describe(error: unknown): string {
  if (Array.isArray(error)) return error.map(String).join('; ');
  return error instanceof Error ? error.message : String(error);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.log(`ERROR ${describe(error)}`);
    process.exit(1);
  },
);
