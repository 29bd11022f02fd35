import { APIError } from './api-error.ts'

export interface FieldError {
  message: string
  path: string
  label?: string
}

/**
 * 400 with every failing field: `data.errors: [{ message, path, label }]` (Payload's ValidationError). A value
 * that is valid but taken (a unique index) is a conflict with what is stored: the same body with 409 (`conflict`),
 * where Payload answers 400 (docs/decisions.md).
 */
export class ValidationError extends APIError {
  declare readonly data: {
    collection?: string
    global?: string
    id?: number | string
    errors: FieldError[]
  }
  constructor(args: {
    collection?: string
    global?: string
    id?: number | string
    errors: FieldError[]
    conflict?: boolean
  }) {
    const { conflict, ...data } = args
    const labels = args.errors.map((e) => e.label ?? e.path)
    const message =
      labels.length === 1
        ? `The following field is invalid: ${labels[0]}`
        : `The following fields are invalid: ${labels.join(', ')}`
    super(message, conflict ? 409 : 400, { code: conflict ? 'CONFLICT' : 'VALIDATION', data })
    this.name = 'ValidationError'
  }
}
