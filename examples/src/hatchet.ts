/**
 * The SDK client every example shares. Configuration comes from the environment, as for any
 * Hatchet app: HATCHET_CLIENT_TOKEN (a Trellis API token), HATCHET_CLIENT_HOST_PORT (Trellis'
 * gRPC address), HATCHET_CLIENT_API_URL, and HATCHET_CLIENT_TLS_STRATEGY=none for plaintext.
 */
import { HatchetClient } from '@hatchet-dev/typescript-sdk/v1';

export const hatchet = HatchetClient.init();
