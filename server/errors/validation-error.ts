import { APIError } from './api-error.ts'

export interface FieldError {
  message: string
  path: string
  label?: string
}

/**
 * 400 with every failing field: `data.errors: [{ message, path, label }]` (Payload's ValidationError). A value
 * that is taken (a unique index) is one of them, "Value must be unique" on its path, as Payload answers it.
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
  }) {
    const data = args
    const labels = args.errors.map((e) => e.label ?? e.path)
    const message =
      labels.length === 1
        ? `The following field is invalid: ${labels[0]}`
        : `The following fields are invalid: ${labels.join(', ')}`
    super(message, 400, { code: 'VALIDATION', data })
    this.name = 'ValidationError'
  }
}
