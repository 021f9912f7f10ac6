/**
 * Which runs the seed creates and when: workflows drawn by their share until the planned tasks
 * reach the target, creation times spread over the period with a daily and weekly rhythm
 * (busier in working hours, quieter at weekends), oldest first.
 */
import type { HistoryGenerator, RunPlan, SeedWorkflow } from './history-generator';
import type { SeedRandom } from './seed-random';

export function planRuns(options: {
  workflows: readonly SeedWorkflow[];
  generator: HistoryGenerator;
  tasks: number;
  from: number;
  to: number;
  random: SeedRandom;
}): { plans: RunPlan[]; plannedTasks: number } {
  const { workflows, generator, random } = options;
  const shares = workflows.map((w) => w.behaviour.share);
  const plans: RunPlan[] = [];
  let plannedTasks = 0;
  while (plannedTasks < options.tasks) {
    const workflow = random.weighted(shares);
    const spawns = workflows[workflow]!.behaviour.steps.find((s) => s.spawns)?.spawns;
    const children = spawns ? random.int(spawns.min, spawns.max) : 0;
    plannedTasks += generator.plannedTasks({ workflow, children });
    plans.push({ workflow, children, createdAt: 0 });
  }
  const times = creationTimes(plans.length, options.from, options.to, random);
  plans.forEach((plan, i) => {
    plan.createdAt = times[i]!;
  });
  return { plans, plannedTasks };
}

/** `count` instants in [from, to), sorted, denser on weekday afternoons (UTC). */
export function creationTimes(
  count: number,
  from: number,
  to: number,
  random: SeedRandom,
): Float64Array {
  const times = new Float64Array(count);
  const maxWeight = 1.5;
  for (let i = 0; i < count;) {
    const at = from + random.next() * (to - from);
    if (random.next() * maxWeight < activity(at)) times[i++] = at;
  }
  return times.sort();
}

function activity(at: number): number {
  const date = new Date(at);
  const hour = date.getUTCHours() + date.getUTCMinutes() / 60;
  const daily = 1 + 0.5 * Math.sin((2 * Math.PI * (hour - 9)) / 24);
  const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
  return daily * (weekend ? 0.55 : 1);
}
