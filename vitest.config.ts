import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The CLI and browser tests build into temporary folders; two workers suit a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/package/**'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The package tests install bookgen with npm and play a runner: many processes at once,
        // so they run after the others, whose timeouts they would otherwise eat into.
        extends: true,
        test: {
          name: 'package',
          include: ['test/package/**/*.test.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
