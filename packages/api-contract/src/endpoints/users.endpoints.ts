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
