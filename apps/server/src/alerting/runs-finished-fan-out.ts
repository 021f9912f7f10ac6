import type { FinishedRun } from '@trellis/engine';

type Listener = (runs: readonly FinishedRun[]) => void;

/**
 * The engine has one `onRunsFinished`; traces and alerting both listen. Made before the engine
 * (main.ts), given listeners as they are made (the alerting lives in the HTTP app, built after
 * the engine starts). Called on the engine's tick loop: each listener only queues work, and
 * one that throws never stops the others (nor the tick).
 */
export class RunsFinishedFanOut {
  private readonly listeners: Listener[] = [];

  constructor(
    first?: Listener | undefined,
    private readonly onError: (message: string, error: unknown) => void = () => {},
  ) {
    this.add(first);
  }

  add(listener: Listener | undefined): void {
    if (listener) this.listeners.push(listener);
  }

  readonly notify = (runs: readonly FinishedRun[]): void => {
    for (const listener of this.listeners) {
      try {
        listener(runs);
      } catch (error) {
        this.onError('a listener of finished runs failed', error);
      }
    }
  };
}
