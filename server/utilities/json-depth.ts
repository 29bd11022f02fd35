/** A frame of the walk: a value, its depth (the top value is 1), and how it was reached. */
interface Frame {
  value: unknown
  depth: number
  key: string
  parent?: Frame
}

/**
 * The path (keys and list positions from the top) of the first value, in document order, nested deeper than
 * `max` levels of objects and lists, or undefined. Iterative, so any nesting is measured without recursion (a
 * recursive copy such as `structuredClone` overflows the stack on a few thousand levels).
 */
export function deeperThan(value: unknown, max: number): string[] | undefined {
  const stack: Frame[] = [{ value, depth: 1, key: '' }]
  for (let f = stack.pop(); f; f = stack.pop()) {
    if (!f.value || typeof f.value !== 'object') continue
    if (f.depth > max) {
      const path: string[] = []
      for (let at: Frame | undefined = f; at?.parent; at = at.parent) path.unshift(at.key)
      return path
    }
    const entries = Object.entries(f.value)
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ value: entries[i][1], depth: f.depth + 1, key: entries[i][0], parent: f })
  }
  return undefined
}
