/**
 * The demo `npm start` runs against the default tenant, so a newcomer's dashboard is alive at
 * once: one worker serving every example, and a few runs a minute of each kind (successes, a
 * DAG, a fan-out, retries, a slow task and the occasional failure), some of them started by
 * events (orders, and refunds that the `on-refund` filter lets through or not), by a cron made
 * over REST (every five minutes) or scheduled a couple of minutes ahead.
 */
import { allWorkflows } from './all-workflows';
import { dag } from './dag';
import { fanoutParent } from './fanout';
import { failOnce, fatal, flaky } from './flaky';
import { hatchet } from './hatchet';
import { simple } from './simple';
import { slow, streamer } from './slow';

/** Time between demo triggers: about six runs a minute. */
const TRIGGER_INTERVAL_MS = 10_000;

const MESSAGES = ['Hello World', 'Trellis Is Running', 'Ship It', 'Good Morning'];

/** Each round triggers one of these, in turn; none waits for its result. */
const rounds: (() => Promise<unknown>)[] = [
  () => simple.runNoWait({ Message: MESSAGES[Math.floor(Math.random() * MESSAGES.length)]! }),
  () => dag.runNoWait({ n: Math.floor(Math.random() * 10) }),
  () => flaky.runNoWait({}),
  () => slow.runNoWait({ ms: 5_000 + Math.floor(Math.random() * 10_000) }),
  () => fanoutParent.runNoWait({ n: 5 }),
  () => simple.runNoWait({ Message: 'Another One' }),
  () => streamer.runNoWait({ chunks: 3 }),
  () => (Math.random() < 0.5 ? fatal.runNoWait({}) : failOnce.runNoWait({})),
  () =>
    hatchet.events.push(
      'order:created',
      { orderId: Math.floor(Math.random() * 100_000), total: Math.floor(Math.random() * 500) },
      { additionalMetadata: { source: 'demo' } },
    ),
  () =>
    hatchet.events.push(
      'refund:requested',
      { amount: Math.floor(Math.random() * 200) },
      { scope: 'large', additionalMetadata: { source: 'demo' } },
    ),
  () =>
    simple.schedule(new Date(Date.now() + SCHEDULE_AHEAD_MS), {
      Message: 'Scheduled Hello',
    }),
];

/** How far ahead the demo schedules its runs. */
const SCHEDULE_AHEAD_MS = 2 * 60_000;
const DEMO_CRON = { name: 'demo-every-5-minutes', expression: '*/5 * * * *' };

/** The demo's cron, made once over REST as a user would (the name makes it findable again). */
async function ensureDemoCron(): Promise<void> {
  const { rows = [] } = await hatchet.crons.list({ workflow: simple });
  if (rows.some((cron) => cron.name === DEMO_CRON.name)) return;
  await simple.cron(DEMO_CRON.name, DEMO_CRON.expression, { Message: 'Hello From Cron' });
}

async function main(): Promise<void> {
  const worker = await hatchet.worker('demo-worker', {
    workflows: allWorkflows,
    slots: 20,
  });
  const started = worker.start();
  await worker.waitUntilReady();
  console.log('demo worker ready');
  await ensureDemoCron().catch((error: unknown) => console.error('demo cron failed:', error));

  let round = 0;
  const trigger = () => {
    const next = rounds[round++ % rounds.length]!;
    next().catch((error: unknown) => console.error('demo trigger failed:', error));
  };
  trigger();
  const timer = setInterval(trigger, TRIGGER_INTERVAL_MS);
  const stop = () => {
    clearInterval(timer);
    void worker.stop().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await started;
}

main().catch((error: unknown) => {
  console.error('demo failed:', error);
  process.exit(1);
});
