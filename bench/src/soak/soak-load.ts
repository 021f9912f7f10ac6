/**
 * The soak's load: triggers the no-op task at a steady rate for a while, in bulk calls every
 * 100 ms, without waiting for results (the runs are read from the database afterwards). Prints
 * `MINUTE <n> <triggered>` once a minute, `FAILED <message>` for a refused call, and
 * `DONE <triggered>` at the end. argv: rate per second, seconds.
 */
import { randomUUID } from 'node:crypto';
import { nowMs } from '../lib/stats';
import { noop, type NoopInput } from '../engine/noop-task';

const rate = Number(process.argv[2] ?? 200);
const seconds = Number(process.argv[3] ?? 60);
const TICK_MS = 100;

const runNoWait = noop.runNoWait.bind(noop) as unknown as (input: NoopInput[]) => Promise<unknown>;

async function main(): Promise<void> {
  const started = Date.now();
  let triggered = 0;
  let minute = 0;
  const inFlight = new Set<Promise<void>>();
  while (Date.now() - started < seconds * 1000) {
    // Paced against the start, not the last call: a slow call does not lower the rate.
    const due = Math.floor(((Date.now() - started) / 1000) * rate) - triggered;
    if (due > 0) {
      const batch = Array.from({ length: due }, () => ({ id: randomUUID(), triggeredAt: nowMs() }));
      triggered += due;
      const call = runNoWait(batch).then(
        () => {},
        (error: unknown) => console.log(`FAILED ${(error as Error).message}`),
      );
      inFlight.add(call);
      void call.finally(() => inFlight.delete(call));
    }
    const elapsedMinutes = Math.floor((Date.now() - started) / 60_000);
    if (elapsedMinutes > minute) {
      minute = elapsedMinutes;
      console.log(`MINUTE ${minute} ${triggered}`);
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  await Promise.all(inFlight);
  console.log(`DONE ${triggered}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('soak load failed:', error);
    process.exit(1);
  },
);
