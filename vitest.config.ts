import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The CLI and browser tests build into temporary folders; two workers suit a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
  },
})
