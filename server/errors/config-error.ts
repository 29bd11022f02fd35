/** A config the CMS refuses at start. The message names the collection (or global) and field at fault. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}
