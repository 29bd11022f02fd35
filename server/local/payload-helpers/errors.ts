/**
 * Payload's error classes that this server has under other names or not at all, as `payload` exports them: each
 * takes Payload's arguments (`req.t` or a message) and answers Payload's status and English message.
 */
import { en } from '@payloadcms/translations/languages/en'
import { APIError } from '../../errors/api-error.ts'
import { messageOf, type MessageOrT } from '../../errors/translate.ts'

const error = en.translations.error

/** Payload's name of the 401 error: the same class. */
export { Unauthorized as UnauthorizedError } from '../../errors/unauthorized.ts'

/** 400: an upload without a file. */
export class MissingFile extends APIError {
  constructor(t?: MessageOrT) {
    super(messageOf(t, 'error:noFilesUploaded', error.noFilesUploaded), 400)
    this.name = 'MissingFile'
  }
}

/** 400: a file that could not be stored. */
export class FileUploadError extends APIError {
  constructor(t?: MessageOrT) {
    super(messageOf(t, 'error:problemUploadingFile', error.problemUploadingFile), 400)
    this.name = 'FileUploadError'
  }
}

/** 500: a file that could not be deleted. */
export class ErrorDeletingFile extends APIError {
  constructor(t?: MessageOrT) {
    super(messageOf(t, 'error:deletingFile', error.deletingFile), 500)
    this.name = 'ErrorDeletingFile'
  }
}

/** 500: a file that could not be read, with what went wrong appended. */
export class FileRetrievalError extends APIError {
  constructor(t?: MessageOrT, message?: string) {
    const base = messageOf(
      t,
      'error:problemUploadingFile',
      'There was a problem while retrieving the file.',
    )
    super(message ? `${base} ${message}` : base, 500)
    this.name = 'FileRetrievalError'
  }
}

/** 500: a config that cannot work, found at request time. */
export class InvalidConfiguration extends APIError {
  constructor(message: string) {
    super(message, 500)
    this.name = 'InvalidConfiguration'
  }
}
