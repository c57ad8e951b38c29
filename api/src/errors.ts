/**
 * An expected failure: the caller asked for something that does not exist or cannot be done.
 * The HTTP layer answers it with its status and message; the operator CLI prints it without a stack.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 422,
    /** Polish: shown in the web interface. */
    message: string,
    readonly code?: string,
    /** English, for the operator CLI; defaults to `message`. */
    readonly operatorMessage: string = message,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
