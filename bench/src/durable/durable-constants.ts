/** What the durable benchmark's processes agree on, without an SDK client to import. */

/** How long each sleeper sleeps. */
export const SLEEP_SECONDS = 5;

/** The key of the event a waiter waits for. */
export const eventKeyOf = (id: string) => `bench-go-${id}`;
