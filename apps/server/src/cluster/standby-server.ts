/**
 * What a waiting server process answers on its HTTP port while another process runs the
 * engine (cluster/engine-leadership.ts): alive, not ready. A load balancer's readiness check
 * then sends traffic only to the process that runs the engine, and a liveness check does not
 * restart the ones waiting to take over. Every other request gets a 503 in the API's error
 * shape, with a Retry-After, rather than a refused connection.
 */
import { createServer, type Server } from 'node:http';

export interface StandbyServer {
  close(): Promise<void>;
}

export async function startStandbyServer(
  host: string,
  port: number,
  describe: () => string,
): Promise<StandbyServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/api/live') {
      response.writeHead(200).end();
      return;
    }
    response
      .writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' })
      .end(JSON.stringify({ errors: [{ description: describe() }] }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
