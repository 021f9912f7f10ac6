/**
 * Alerting: the tenant's alert email groups, and the alerting service that mails failed runs
 * and expiring API tokens to them (alerting/alerting.ts). The settings themselves are read and
 * changed through the tenant routes (`alerting/settings`, `PATCH tenants/{tenant}`).
 */
import type { FastifyInstance } from 'fastify';
import {
  alertEmailGroupCreate,
  alertEmailGroupDelete,
  alertEmailGroupList,
  alertEmailGroupUpdate,
  type TenantAlertEmailGroup,
} from '@trellis/api-contract';
import {
  deleteAlertEmailGroup,
  insertAlertEmailGroup,
  listAlertEmailGroups,
  updateAlertEmailGroup,
  type AlertEmailGroupRow,
} from '../../alerting/alert-email-group.queries';
import { Alerting } from '../../alerting/alerting';
import type { RunsFinishedFanOut } from '../../alerting/runs-finished-fan-out';
import type { Mailer } from '../../email/mailer';
import { notFound } from '../api-error';
import type { ApiRouter } from '../api-router';

function present(row: AlertEmailGroupRow): TenantAlertEmailGroup {
  return {
    metadata: {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    emails: row.emails,
  };
}

/**
 * Registers the email group routes and starts the alerting service: it hears of finished runs
 * through `runsFinished` (the engine's fan-out; without one, only token alerts are sent) and
 * stops before the mailer closes.
 */
export function registerAlertingRoutes(
  api: ApiRouter,
  app: FastifyInstance,
  mailer: Mailer,
  runsFinished: RunsFinishedFanOut | undefined,
): Alerting {
  const { db, config } = api.context;

  api.handle(alertEmailGroupCreate, async ({ body, identity }) =>
    present(await insertAlertEmailGroup(db, identity.tenant!.id, body.emails)),
  );

  api.handle(alertEmailGroupList, async ({ identity }) => ({
    rows: (await listAlertEmailGroups(db, identity.tenant!.id)).map(present),
  }));

  api.handle(alertEmailGroupUpdate, async ({ params, body, identity }) => {
    const row = await updateAlertEmailGroup(
      db,
      identity.tenant!.id,
      params.alertEmailGroup,
      body.emails,
    );
    if (!row) throw notFound(`alert email group ${params.alertEmailGroup} not found`);
    return present(row);
  });

  api.handle(alertEmailGroupDelete, async ({ params, identity }) => {
    if (!(await deleteAlertEmailGroup(db, identity.tenant!.id, params.alertEmailGroup)))
      throw notFound(`alert email group ${params.alertEmailGroup} not found`);
  });

  const alerting = new Alerting({ db, mailer, publicUrl: config.publicUrl, log: app.log });
  runsFinished?.add(alerting.runsFinished);
  // preClose runs before the mailer's onClose: the last alerts are handed over first.
  app.addHook('preClose', async () => alerting.close());
  return alerting;
}
