import { z } from 'zod';

/** The sign-in providers a server may enable besides email and password (`basic`). */
export const oauthProviderSchema = z.enum(['google', 'github']);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

/**
 * What a provider sends back to the callback (RFC 6749 §4.1.2, RFC 9207 for `iss`). All optional:
 * a refusal carries `error` instead of `code`, and anything missing is answered by a redirect to
 * the sign-in page, not by a 400.
 */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
