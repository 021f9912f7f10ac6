import { z } from 'zod';

export const apiMetaSchema = z
  .object({
    auth: z.object({ schemes: z.array(z.string()).optional() }).optional(),
    allowSignup: z.boolean().optional(),
    allowInvites: z.boolean().optional(),
    allowCreateTenant: z.boolean().optional(),
    allowChangePassword: z.boolean().optional(),
    observabilityEnabled: z.boolean().optional(),
    prometheusServerEnabled: z.boolean().optional(),
    authDisabled: z.boolean().optional(),
  })
  .meta({ id: 'APIMeta' });

export const apiMetaIntegrationSchema = z
  .object({ name: z.string(), enabled: z.boolean() })
  .meta({ id: 'APIMetaIntegration' });

export const versionInfoSchema = z.object({ version: z.string() }).meta({ id: 'VersionInfo' });
