import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTenantMember, registerOwner, startTestApp, type TestApp } from './test-app';

interface Errors {
  errors: { description: string }[];
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;

const probePath = () => `/api/v1/monitoring/${owner.tenantId}/probe`;

/** The probe workflow's runs, newest first, with their task's output. */
async function probeRuns() {
  const { rows } = await t.db.query<{ id: string; status: string; output: unknown }>(
    `SELECT r.id, r.status, t.output FROM workflow_runs r
       JOIN workflows w ON w.id = r.workflow_id JOIN tasks t ON t.run_id = r.id
     WHERE r.tenant_id = $1 AND w.name = 'trellis-probe' ORDER BY r.created_at DESC`,
    [owner.tenantId],
  );
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
});
afterAll(async () => t.close());

describe('the monitoring probe', () => {
  it('runs a probe workflow to completion on its own worker and answers 200 with no body', async () => {
    const response = await owner.client.post(probePath());
    expect(response.status).toBe(200);
    expect(response.raw.body).toBe('');
    const [run] = await probeRuns();
    expect(run).toMatchObject({ status: 'COMPLETED' });
    expect(run!.output).toEqual({ nonce: expect.any(String) as string });
    // Its worker left when the probe was done (the engine records that in the background).
    await vi.waitFor(async () => {
      const { rows: workers } = await t.db.query<{ status: string }>(
        `SELECT status FROM workers WHERE tenant_id = $1 AND name = 'trellis-probe'`,
        [owner.tenantId],
      );
      expect(workers).toEqual([{ status: 'INACTIVE' }]);
    });
  });

  it('may run again and again, on the same workflow version, also for a viewer', async () => {
    const viewer = await addTenantMember(t.app, owner, 'VIEWER');
    expect((await viewer.client.post(probePath())).status).toBe(200);
    expect((await owner.client.post(probePath())).status).toBe(200);
    const runs = await probeRuns();
    expect(runs.map((run) => run.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    const { rows } = await t.db.query<{ versions: number }>(
      `SELECT count(*)::int AS versions FROM workflow_versions v
         JOIN workflows w ON w.id = v.workflow_id
       WHERE w.tenant_id = $1 AND w.name = 'trellis-probe'`,
      [owner.tenantId],
    );
    expect(rows[0]!.versions).toBe(1);
  });

  it('answers 503 and cancels its run when the run does not come back in time', async () => {
    const workflows = await owner.client.get<{
      rows: { metadata: { id: string }; name: string }[];
    }>(`/api/v1/tenants/${owner.tenantId}/workflows`);
    const probe = workflows.body.rows.find((row) => row.name === 'trellis-probe')!;
    // A paused workflow's runs wait: the probe's never starts.
    const paused = await owner.client.patch(`/api/v1/workflows/${probe.metadata.id}`, {
      isPaused: true,
    });
    expect(paused.status).toBe(200);
    const response = await owner.client.post<Errors>(probePath());
    expect(response.status).toBe(503);
    expect(response.body.errors[0]!.description).toMatch(/did not finish within 10s/);
    const [run] = await probeRuns();
    expect(run!.status).toBe('CANCELLED');
  });
});
