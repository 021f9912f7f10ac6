/**
 * Starts one real Trellis server for the whole browser run and stops it at the end. Test
 * files reach it with `inject('baseUrl')`; each test seeds its own users and tenants.
 */
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    grpcAddress: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('grpcAddress', server.grpcAddress);
  return async () => {
    await server.stop();
  };
}
