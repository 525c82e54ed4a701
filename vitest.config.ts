import { configDefaults, defineConfig } from 'vitest/config'

/**
 * The tests, by what they need and how long they take (README, "Development"):
 * - unit: everything else, in this process; `npm run test:unit`, under a minute: its files share
 *   one module graph per worker (importing it anew for each file took half the time), except those
 *   that replace modules with `vi.mock`, which get their own (`unit-mocks`);
 * - slow (`*.slow.test.ts`): in this process too, but file watchers, fuzzing and large generated
 *   inputs;
 * - process (`*.process.test.ts`): run programs: the built `bookgen` (dist/), git, actionlint;
 * - browser (`test/browser/`): the built sites in headless Chromium;
 * - package (`test/package/`): bookgen packed, installed with npm and run as a runner would.
 */
const SLOW = 'test/**/*.slow.test.ts'
const PROCESS = 'test/**/*.process.test.ts'
const BROWSER = 'test/browser/**/*.test.ts'
const PACKAGE = 'test/package/**/*.test.ts'
const MOCKS = ['test/build/read.test.ts', 'test/build/io-error.test.ts']

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
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, SLOW, PROCESS, BROWSER, PACKAGE, ...MOCKS],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'unit-mocks', include: MOCKS, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'slow', include: [SLOW], sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'process', include: [PROCESS], sequence: { groupOrder: 0 } } },
      {
        // A real browser on a busy two-core machine: a page can take seconds. The limits bound a
        // hung test; they time nothing.
        extends: true,
        test: { name: 'browser', include: [BROWSER], testTimeout: 120_000, sequence: { groupOrder: 0 } },
      },
      {
        // The package tests install bookgen with npm and play a runner: many processes at once,
        // so they run after the others, whose timeouts they would otherwise eat into.
        extends: true,
        test: {
          name: 'package',
          include: [PACKAGE],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
