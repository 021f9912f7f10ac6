/**
 * Which workflow actions this build offers: pausing (PATCH /api/v1/workflows/{id}) and
 * deleting (DELETE /api/v1/workflows/{id}). A button exists only where the server has the
 * call; the browser tests read the same flags. The server does not pause workflows yet
 * (PATCH answers 404), so that button stays out until it does.
 */
export const WORKFLOW_PAUSE_AVAILABLE: boolean = false;
export const WORKFLOW_DELETE_AVAILABLE: boolean = true;
