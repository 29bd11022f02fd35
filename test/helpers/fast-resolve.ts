/**
 * Loaded by ava before each test file (`require` in ava.config.js): the server's own imports are resolved as
 * `cms start` resolves them (server/runtime.ts, useFastResolve), so each test file loads server/ faster and tests
 * run the resolution the server runs.
 */
import { useFastResolve } from '../../server/runtime.ts'

export default function fastResolve(): void {
  useFastResolve()
}
