import { defineEndpoint } from '../endpoint';
import {
  acceptInviteRequestSchema,
  rejectInviteRequestSchema,
  tenantInviteListSchema,
  tenantMemberListSchema,
} from '../tenants';
import {
  userChangePasswordRequestSchema,
  userLoginRequestSchema,
  userRegisterRequestSchema,
  userSchema,
  userVerifyEmailRequestSchema,
} from '../users';

const tag = 'User';

export const userUpdateLogin = defineEndpoint({
  operationId: 'userUpdateLogin',
  method: 'POST',
  path: '/api/v1/users/login',
  summary: 'Sign in with email and password; starts a session cookie',
  tag,
  auth: 'none',
  rateLimited: true,
  body: userLoginRequestSchema,
  responses: { 200: userSchema },
});

export const userCreate = defineEndpoint({
  operationId: 'userCreate',
  method: 'POST',
  path: '/api/v1/users/register',
  summary: 'Register a user and sign them in',
  tag,
  auth: 'none',
  rateLimited: true,
  body: userRegisterRequestSchema,
  responses: { 200: userSchema },
});

export const userUpdateLogout = defineEndpoint({
  operationId: 'userUpdateLogout',
  method: 'POST',
  path: '/api/v1/users/logout',
  summary: 'End the current session',
  tag,
  auth: 'session-unverified',
  rateLimited: true,
  responses: { 200: userSchema },
});

export const userUpdatePassword = defineEndpoint({
  operationId: 'userUpdatePassword',
  method: 'POST',
  path: '/api/v1/users/password',
  summary: "Change the current user's password; other sessions are signed out",
  tag,
  auth: 'session',
  rateLimited: true,
  body: userChangePasswordRequestSchema,
  responses: { 200: userSchema },
});

export const userVerifyEmail = defineEndpoint({
  operationId: 'userVerifyEmail',
  method: 'POST',
  path: '/api/v1/users/verify-email',
  summary:
    'Verify an email address with the token of a mailed link (Trellis; no Hatchet equivalent). The token is the credential: no session is needed, and each link works once',
  tag,
  auth: 'none',
  rateLimited: true,
  body: userVerifyEmailRequestSchema,
  responses: { 200: null },
});

export const userResendVerifyEmail = defineEndpoint({
  operationId: 'userResendVerifyEmail',
  method: 'POST',
  path: '/api/v1/users/verify-email/resend',
  summary:
    "Mail a new verification link to the signed-in user's address (Trellis; no Hatchet equivalent). One a minute per account",
  tag,
  auth: 'session-unverified',
  rateLimited: true,
  responses: { 200: null },
});

export const userGetCurrent = defineEndpoint({
  operationId: 'userGetCurrent',
  method: 'GET',
  path: '/api/v1/users/current',
  summary: 'The signed-in user',
  tag,
  auth: 'session-unverified',
  responses: { 200: userSchema },
});

export const tenantMembershipsList = defineEndpoint({
  operationId: 'tenantMembershipsList',
  method: 'GET',
  path: '/api/v1/users/memberships',
  summary: "The signed-in user's tenant memberships",
  tag,
  auth: 'session',
  responses: { 200: tenantMemberListSchema },
});

export const userListTenantInvites = defineEndpoint({
  operationId: 'userListTenantInvites',
  method: 'GET',
  path: '/api/v1/users/invites',
  summary: 'Pending, unexpired invites addressed to the signed-in user',
  tag,
  auth: 'session',
  responses: { 200: tenantInviteListSchema },
});

export const tenantInviteAccept = defineEndpoint({
  operationId: 'tenantInviteAccept',
  method: 'POST',
  path: '/api/v1/users/invites/accept',
  summary: 'Accept an invite: join its tenant with its role',
  tag,
  auth: 'session',
  body: acceptInviteRequestSchema,
  responses: { 200: null },
});

export const tenantInviteReject = defineEndpoint({
  operationId: 'tenantInviteReject',
  method: 'POST',
  path: '/api/v1/users/invites/reject',
  summary: 'Decline an invite',
  tag,
  auth: 'session',
  body: rejectInviteRequestSchema,
  responses: { 200: null },
});
