import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Knows whether the current async call chain runs inside `transaction(work)`, so that a
 * statement sent to the outer database from there fails loudly. On PGlite, the single
 * connection, that statement would queue behind the transaction that awaits it: a silent
 * deadlock. On PostgreSQL it would run on another connection, outside the transaction: wrong
 * too, only quieter. Failing on both keeps the adapters interchangeable.
 */
export class TransactionScope {
  readonly #current = new AsyncLocalStorage<{ open: boolean }>();

  async run<T>(work: () => Promise<T>): Promise<T> {
    // The marker outlives the transaction in callbacks scheduled from inside it (timers,
    // un-awaited promises), so it is switched off rather than relied on to go out of scope.
    const marker = { open: true };
    try {
      return await this.#current.run(marker, work);
    } finally {
      marker.open = false;
    }
  }

  assertOutside(): void {
    if (this.#current.getStore()?.open) {
      throw new Error(
        'A statement was sent to the database from inside a transaction. ' +
          'Use the `tx` handed to the transaction work instead.',
      );
    }
  }
}
