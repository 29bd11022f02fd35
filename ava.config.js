// ava's configuration (docs/testing.md). Which files run on the database DATABASE_URL names is the matrix rule of
// test/matrix.ts; the files start longest first, from the times test/durations.json records, so that a long file
// does not start last and keep one worker busy while the other waits.
import { globSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { projectPath, testFiles } from './test/matrix.ts'

const durations = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'test/durations.json'), 'utf8'),
)
/** A file the table does not know yet (a new one) counts as long: it starts early, and its time shows. */
const expected = (file) => durations.files[projectPath(file)] ?? durations.unknownMs

export default {
  extensions: ['ts'],
  // Node's compile cache (V8 code and stripped TypeScript) for every worker and each process a test starts: a test
  // file loads most of server/ again, and the cache takes that from about 0.9 s to 0.5 s of CPU.
  environmentVariables: {
    NODE_COMPILE_CACHE:
      process.env.NODE_COMPILE_CACHE ??
      path.join(import.meta.dirname, 'node_modules/.cache/node-compile-cache'),
    // Passwords hashed at 1,000 PBKDF2 iterations instead of 600,000 in test processes (NODE_ENV=test, which ava
    // sets): 0.3 ms a hash instead of 180, about 150 s of CPU a database run (docs/testing.md, "Password hashing
    // in tests"); test/http/password-change.test.ts runs at the real cost.
    CMS_TEST_PBKDF2_ITERATIONS: process.env.CMS_TEST_PBKDF2_ITERATIONS ?? '1000',
  },
  // Not the tests packages ship in the fixtures' own installs (test/fixtures/payload-real/node_modules).
  files: testFiles(
    globSync('test/**/*.test.ts')
      .filter((f) => !f.split(path.sep).includes('node_modules'))
      .sort(),
    process.env,
  ),
  sortTestFiles: (a, b) => expected(b) - expected(a) || a.localeCompare(b),
  require: ['./test/helpers/timing.ts', './test/helpers/fast-resolve.ts'],
  timeout: '2m',
  workerThreads: false,
}
