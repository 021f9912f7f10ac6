/**
 * Triggers a burst through the SDK's bulk trigger, in batches of 500 as the SDK sends them:
 * `flow-trigger.ts <task> <count> <keys>` (run i gets key `k<i mod keys>`). With `--rate-limit
 * <n>` it first puts the static limit of n per second. Prints `TRIGGERED <ms>` when every run
 * was acknowledged, then exits (the harness reads completions from the database).
 */
import { RateLimitDuration } from '@hatchet-dev/typescript-sdk/v1';
import { hatchet } from '../engine/noop-task';
import { flowTasks, RATE_LIMIT_KEY, type FlowTask } from './flow-tasks';

const BATCH = 500;

interface Bulk {
  runNoWait(inputs: unknown[]): Promise<unknown[]>;
}

async function main(): Promise<void> {
  const [task, countText, keysText, flag, limitText] = process.argv.slice(2);
  if (flag === '--rate-limit') {
    await hatchet.ratelimits.upsert({
      key: RATE_LIMIT_KEY,
      limit: Number(limitText),
      duration: RateLimitDuration.SECOND,
    });
  }
  const count = Number(countText);
  const keys = Number(keysText);
  const target = flowTasks[task as FlowTask] as unknown as Bulk;
  const started = Date.now();
  for (let first = 0; first < count; first += BATCH) {
    const size = Math.min(BATCH, count - first);
    const inputs = Array.from({ length: size }, (_, i) => ({
      id: `${first + i}`,
      triggeredAt: started,
      key: `k${(first + i) % keys}`,
    }));
    await target.runNoWait(inputs);
  }
  console.log(`TRIGGERED ${Date.now() - started}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('trigger failed:', error);
    process.exit(1);
  },
);
