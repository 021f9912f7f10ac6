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
  .object({
    // Any wrong current password, whatever it looks like, is answered `invalid credentials`
    // (not the password rule, which would only confuse someone mistyping it).
    password: z
      .string({ message: 'Enter your current password' })
      .min(1, { message: 'Enter your current password' })
      .max(255),
    newPassword: passwordSchema,
  })
  .meta({ id: 'UserChangePasswordRequest' });

export const userVerifyEmailRequestSchema = z
  .object({
    token: z
      .string({ message: 'The verification link is incomplete' })
      .min(1, { message: 'The verification link is incomplete' })
      .max(200, { message: 'This verification link is not valid' }),
  })
  .meta({ id: 'UserVerifyEmailRequest' });

export const userTenantPublicSchema = z
  .object({ email: z.string(), name: z.string().optional() })
  .meta({ id: 'UserTenantPublic' });
