import { APIError } from './api-error.ts'

/**
 * The one reason a path a caller cannot query is given, whether no field has that name, the field is hidden, or the
 * caller may not read it: two messages would tell a hidden field from an unknown one (issue 54, finding 10).
 */
export const NOT_QUERYABLE = 'no such field, or one you may not read'

/**
 * 400 for a query the CMS cannot run: unknown path, unknown operator, bad value, bad sort. The message is
 * Payload's, word for word (`The following path cannot be queried: title`); why each path was refused is in
 * `data` (`[{ path, message }]`).
 */
export class QueryError extends APIError {
  declare readonly data: { path: string; message?: string }[]
  constructor(problems: { path: string; message?: string }[]) {
    const paths = problems.map((p) => p.path)
    const message =
      paths.length === 1
        ? `The following path cannot be queried: ${paths[0]}`
        : `The following paths cannot be queried: ${paths.join(', ')}`
    super(message, 400, { code: 'QUERY', data: problems })
    this.name = 'QueryError'
  }
}
