/**
 * The client's commands for crons and scheduled runs, through the SDK's REST clients, each
 * printing one line `<WORD> <json>`:
 * `--cron <task> <name> <expression> '<json input>'` (workflow.cron) → `CRON`,
 * `--crons [task]` → `CRONS`, `--cron-get <id>` → `CRON`, `--cron-delete <id>` → `DELETED`,
 * `--schedule <task> <ISO time> '<json input>'` (workflow.schedule) → `SCHEDULED`,
 * `--schedules [task]` → `SCHEDULES`, `--schedule-get <id>` → `SCHEDULED`,
 * `--schedule-update <id> <ISO time>` → `SCHEDULED`, `--schedule-delete <id>` → `DELETED`,
 * `--schedule-bulk-delete <id,id,...>` → `BULK`, `--schedule-bulk-update <id,id,...> <ISO time>`
 * → `BULK`.
 */
import { hatchet } from './hatchet';

/** What these commands need of a task: its declaration's cron and schedule methods. */
interface Schedulable {
  cron(name: string, expression: string, input: unknown): Promise<unknown>;
  schedule(at: Date, input: unknown): Promise<unknown>;
}

type Command = (args: string[], task: (name: string) => Schedulable) => Promise<string>;

const line = (word: string, value: unknown) => `${word} ${JSON.stringify(value ?? null)}`;

export const scheduleCommands: Record<string, Command> = {
  '--cron': async ([name, cronName, expression, input = '{}'], task) =>
    line('CRON', await task(name!).cron(cronName!, expression!, JSON.parse(input))),
  '--crons': async ([workflow]) =>
    line('CRONS', await hatchet.crons.list(workflow ? { workflow } : {})),
  '--cron-get': async ([id]) => line('CRON', await hatchet.crons.get(id!)),
  '--cron-delete': async ([id]) => {
    await hatchet.crons.delete(id!);
    return line('DELETED', id);
  },
  '--schedule': async ([name, at, input = '{}'], task) =>
    line('SCHEDULED', await task(name!).schedule(new Date(at!), JSON.parse(input))),
  '--schedules': async ([workflow]) =>
    line('SCHEDULES', await hatchet.scheduled.list(workflow ? { workflow } : {})),
  '--schedule-get': async ([id]) => line('SCHEDULED', await hatchet.scheduled.get(id!)),
  '--schedule-update': async ([id, at]) =>
    line('SCHEDULED', await hatchet.scheduled.update(id!, { triggerAt: new Date(at!) })),
  '--schedule-delete': async ([id]) => {
    await hatchet.scheduled.delete(id!);
    return line('DELETED', id);
  },
  '--schedule-bulk-delete': async ([ids]) =>
    line('BULK', await hatchet.scheduled.bulkDelete({ scheduledRuns: ids!.split(',') })),
  '--schedule-bulk-update': async ([ids, at]) =>
    line(
      'BULK',
      await hatchet.scheduled.bulkUpdate(
        ids!.split(',').map((id) => ({ scheduledRun: id, triggerAt: new Date(at!) })),
      ),
    ),
};
