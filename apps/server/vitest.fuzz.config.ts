import { defineConfig } from 'vitest/config';
import { FUZZ_FILES, serverTestOptions } from './vitest.config';

// The fuzzers of test/fuzz; docs/testing.md says how to run them longer.
export default defineConfig({
  test: { name: 'server-fuzz', include: FUZZ_FILES, ...serverTestOptions },
});
