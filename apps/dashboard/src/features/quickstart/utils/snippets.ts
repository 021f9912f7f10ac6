/**
 * What the quickstart tells a user to type. The worker code uses the official Hatchet
 * TypeScript SDK exactly as published (`HatchetClient.init()`, `hatchet.task({ name, fn })`,
 * `hatchet.worker(name, { workflows })`, `worker.start()`); the SDK reads the token and the
 * TLS choice from the environment and the server addresses from the token itself.
 */

export const SDK_PACKAGE = '@hatchet-dev/typescript-sdk';

export const INSTALL_COMMAND = `npm install ${SDK_PACKAGE}`;

export const WORKER_FILE = 'worker.ts';

export const RUN_COMMAND = `npx tsx ${WORKER_FILE}`;

export const TOKEN_PLACEHOLDER = '<your-api-token>';

/** Shell lines that configure the SDK: the token, and plain (non-TLS) gRPC. */
export function envSnippet(token: string = TOKEN_PLACEHOLDER): string {
  return [`export HATCHET_CLIENT_TOKEN=${token}`, 'export HATCHET_CLIENT_TLS_STRATEGY=none'].join(
    '\n',
  );
}

export const WORKER_SNIPPET = `import { HatchetClient } from '${SDK_PACKAGE}';

const hatchet = HatchetClient.init();

type Input = { name: string };

// A task: a function that runs on your worker; each call is a run you can follow.
export const firstTask = hatchet.task({
  name: 'first-task',
  retries: 2,
  fn: async (input: Input) => {
    return { greeting: \`Hello, \${input.name}!\` };
  },
});

async function main() {
  const worker = await hatchet.worker('first-worker', {
    workflows: [firstTask],
  });
  await worker.start();
}

main();
`;
