import { describe, expect, it } from 'vitest';
import { INSTALL_COMMAND, RUN_COMMAND, WORKER_SNIPPET, envSnippet } from './snippets';

describe('quickstart snippets', () => {
  it('sets the token and plain gRPC for the SDK', () => {
    expect(envSnippet('abc.def.ghi')).toBe(
      'export HATCHET_CLIENT_TOKEN=abc.def.ghi\nexport HATCHET_CLIENT_TLS_STRATEGY=none',
    );
    expect(envSnippet()).toContain('HATCHET_CLIENT_TOKEN=<your-api-token>');
  });

  it('installs and uses the official SDK API', () => {
    expect(INSTALL_COMMAND).toBe('npm install @hatchet-dev/typescript-sdk');
    expect(WORKER_SNIPPET).toContain(
      "import { HatchetClient } from '@hatchet-dev/typescript-sdk';",
    );
    expect(WORKER_SNIPPET).toContain('HatchetClient.init()');
    expect(WORKER_SNIPPET).toContain('hatchet.task({');
    expect(WORKER_SNIPPET).toContain("hatchet.worker('first-worker', {");
    expect(WORKER_SNIPPET).toContain('workflows: [firstTask]');
    expect(WORKER_SNIPPET).toContain('await worker.start();');
    expect(WORKER_SNIPPET).toContain('`Hello, ${input.name}!`');
    expect(RUN_COMMAND).toBe('npx tsx worker.ts');
  });
});
