import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The simulator's answers and the client's requests, checked against facts from the vendor's reference.
        test: {
          name: 'conformance',
          include: ['test/conformance/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Each fault runs on a desk and simulator of its own; files run one at a time to keep 2 cores calm.
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 30_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'piv',
          include: ['test/piv/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
