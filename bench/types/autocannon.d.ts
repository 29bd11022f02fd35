declare module 'autocannon' {
  /** The parts of autocannon's programmatic API the benchmark uses (the package ships no types). */
  function autocannon(options: Record<string, unknown>): Promise<Record<string, unknown>>
  export default autocannon
}
