import {
  tenantAlertingSettingsGet,
  tenantCreate,
  tenantGet,
  tenantResourcePolicyGet,
  tenantUpdate,
} from '@trellis/api-contract';
import { insertMember } from '../../accounts/member.queries';
import { findDeliveryFailure } from '../../alerting/alerting.queries';
import {
  findAlertingSettings,
  findTenantById,
  insertTenant,
  updateAlertingSettings,
  updateTenant,
} from '../../accounts/tenant.queries';
import { presentResourceLimit } from '../../resource-limits/present-resource-limit';
import { badRequest } from '../api-error';
import type { ApiRouter } from '../api-router';
import { presentTenant } from '../present';

export function registerTenantRoutes(api: ApiRouter): void {
  const { db, config } = api.context;

  api.handle(tenantCreate, async ({ body, identity }) => {
    const tenant = await db.transaction(async (tx) => {
      const created = await insertTenant(tx, {
        name: body.name,
        slug: body.slug,
        version: body.engineVersion ?? 'V1',
        environment: body.environment ?? null,
      });
      if (!created) throw badRequest('Tenant with that slug already exists.', 'slug');
      await insertMember(tx, {
        tenantId: created.id,
        userId: identity.user!.id,
        role: 'OWNER',
        canViewPayloads: true,
      });
      return created;
    });
    return presentTenant(tenant, config.publicUrl);
  });

  api.handle(tenantGet, async ({ identity }) => presentTenant(identity.tenant!, config.publicUrl));

  api.handle(tenantUpdate, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    const updated = await db.transaction(async (tx) => {
      await updateAlertingSettings(tx, tenantId, body);
      return updateTenant(tx, tenantId, body);
    });
    return presentTenant(updated, config.publicUrl);
  });

  api.handle(tenantAlertingSettingsGet, async ({ identity }) => {
    const tenant = (await findTenantById(db, identity.tenant!.id))!;
    const settings = await findAlertingSettings(db, tenant.id);
    const failure = await findDeliveryFailure(db, tenant.id);
    return {
      metadata: {
        id: tenant.id,
        createdAt: settings.createdAt.toISOString(),
        updatedAt: settings.updatedAt.toISOString(),
      },
      alertMemberEmails: tenant.alertMemberEmails,
      enableWorkflowRunFailureAlerts: settings.enableWorkflowRunFailureAlerts,
      enableExpiringTokenAlerts: settings.enableExpiringTokenAlerts,
      enableTenantResourceLimitAlerts: settings.enableTenantResourceLimitAlerts,
      maxAlertingFrequency: settings.maxAlertingFrequency,
      ...(settings.lastAlertedAt ? { lastAlertedAt: settings.lastAlertedAt.toISOString() } : {}),
      ...(failure
        ? {
            lastDeliveryFailure: {
              failedAt: failure.failedAt.toISOString(),
              message: failure.message,
            },
          }
        : {}),
    };
  });

  // Empty unless the server enforces limits (TRELLIS_RESOURCE_LIMITS, docs/resource-limits.md).
  api.handle(tenantResourcePolicyGet, async ({ identity }) => ({
    limits: (await api.context.resourceLimits.policy(identity.tenant!.id)).map(
      presentResourceLimit,
    ),
  }));
}
