import { z } from 'zod';
import { apiResourceMetaSchema } from './common';

export const PASSWORD_MESSAGE =
  'Invalid password. Passwords must be between 8 and 64 characters in length, contain an upper and lowercase letter, and contain at least one number.';

export const passwordSchema = z
  .string({ message: PASSWORD_MESSAGE })
  .min(8, { message: PASSWORD_MESSAGE })
  .max(64, { message: PASSWORD_MESSAGE })
  .regex(/[a-z]/, { message: PASSWORD_MESSAGE })
  .regex(/[A-Z]/, { message: PASSWORD_MESSAGE })
  .regex(/[0-9]/, { message: PASSWORD_MESSAGE });

export const emailSchema = z.email({ message: 'Invalid email address' }).max(255);

export const userSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    name: z.string().optional(),
    email: z.string(),
    emailVerified: z.boolean(),
    hasPassword: z.boolean().optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const userLoginRequestSchema = z
  .object({ email: z.string(), password: z.string() })
  .meta({ id: 'UserLoginRequest' });

export const userRegisterRequestSchema = z
  .object({
    name: z.string().trim().min(1, { message: 'Name is required' }).max(255),
    email: emailSchema,
    password: passwordSchema,
  })
  .meta({ id: 'UserRegisterRequest' });

export const userChangePasswordRequestSchema = z
  .object({ password: passwordSchema, newPassword: passwordSchema })
  .meta({ id: 'UserChangePasswordRequest' });

export const userTenantPublicSchema = z
  .object({ email: z.string(), name: z.string().optional() })
  .meta({ id: 'UserTenantPublic' });
