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

/** `Nieprawidłowe dane (email: …; phone: …)`: the message of every 400 `validation`. */
export function invalidFieldsMessage(fields: Record<string, string>): string {
  const summary = Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  return `Nieprawidłowe dane (${summary})`;
}

/** Input refused field by field where no route schema sees it (multipart parts): a 400 `validation`. */
export class InvalidFieldsError extends AppError {
  constructor(readonly fields: Record<string, string>) {
    super(400, invalidFieldsMessage(fields), 'validation');
    this.name = 'InvalidFieldsError';
  }
}
