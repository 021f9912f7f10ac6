/**
 * The tenant's live event stream (live/live-updates.ts): the request is checked like any other
 * (a member's session or an API token of the tenant), then the response is handed over to the
 * stream for as long as the client keeps it open.
 */
import { v1LiveUpdates } from '@trellis/api-contract';
import type { LiveUpdates } from '../../live/live-updates';
import type { ApiRouter } from '../api-router';
import { hijackReply } from '../hijack-reply';

export function registerLiveRoutes(api: ApiRouter, live: LiveUpdates): void {
  api.handle(v1LiveUpdates, async ({ identity, query, request, reply }) => {
    const header = request.headers['last-event-id'];
    const lastEventId = (Array.isArray(header) ? header[0] : header) ?? query.lastEventId;
    live.open(identity.tenant!.id, hijackReply(reply), lastEventId);
  });
}
