import { defineConfig } from 'vitest/config';
import { SERIAL_FILES, serverTestOptions } from './vitest.config';

// One file at a time: Vitest runs a project of one worker after all the others.
export default defineConfig({
  test: { name: 'server-serial', include: SERIAL_FILES, maxWorkers: 1, ...serverTestOptions },
});
