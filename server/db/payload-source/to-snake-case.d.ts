declare module 'to-snake-case' {
  /** `enableAPIKey` → `enable_a_p_i_key`: the names Payload's SQL adapters give tables and columns. */
  export default function toSnakeCase(name: string): string
}
