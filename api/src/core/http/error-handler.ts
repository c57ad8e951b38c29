import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@formularze/domain/schemas';
import { AppError, InvalidFieldsError, invalidFieldsMessage } from '../errors';

export function errorBody(
  statusCode: number,
  message: string,
  extra: Pick<ApiError, 'code' | 'fields'> = {},
): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}

/** `/email` in `body` → `email`; a missing body or query as a whole → `body` / `querystring`. */
function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.split('/').filter(Boolean).join('.');
  return path || context || 'request';
}

/** 400 `validation`: `fields` maps each refused field to why, and the message lists them. */
const validationErrorBody = (fields: Record<string, string>): ApiError =>
  errorBody(400, invalidFieldsMessage(fields), { code: 'validation', fields });

function validationError(
  error: FastifyError & { validation: NonNullable<FastifyError['validation']> },
): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    fields[fieldName(issue.instancePath, error.validationContext)] ??=
      issue.message ?? 'Nieprawidłowa wartość';
  }
  return validationErrorBody(fields);
}

/**
 * Fastify's refusals of a request it cannot even parse, by the part at fault, so that they name
 * it like any validation error: a body that is not JSON (or carries `__proto__` /
 * `constructor.prototype`), an address whose percent-encoding is broken.
 */
const UNPARSABLE_PARTS: Record<string, [field: string, reason: string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['body', 'treść nie jest poprawnym JSON-em'],
  FST_ERR_BAD_URL: ['params', 'nieprawidłowo zakodowany adres'],
};

/** Fastify's other refusals of a request, in Polish: their own messages are English. */
const FRAMEWORK_REFUSALS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Nieobsługiwany typ treści żądania',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Treść żądania jest zbyt duża',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Długość treści nie zgadza się z nagłówkiem Content-Length',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Żądanie nie zawiera plików (multipart/form-data)',
};

/** The operator CLI reads English; everything else is shown to Polish users. */
function isOperatorRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/operator/');
}

/**
 * Every failure leaves as an `apiError` body: validation problems name their fields, expected
 * failures keep their status and message, and anything unexpected is logged and hidden behind a 500.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.status(400).send(validationError(error));
  }
  if (error instanceof InvalidFieldsError) return reply.status(400).send(validationErrorBody(error.fields));
  if (error instanceof AppError) {
    const message = isOperatorRequest(request) ? error.operatorMessage : error.message;
    return reply.status(error.statusCode).send(errorBody(error.statusCode, message, { code: error.code }));
  }
  const unparsable = UNPARSABLE_PARTS[error.code];
  if (unparsable) {
    const [field, reason] = unparsable;
    return reply.status(400).send(validationErrorBody({ [field]: reason }));
  }
  // Fastify's other client errors: unsupported media type, body too large...
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply
      .status(error.statusCode)
      .send(
        errorBody(error.statusCode, FRAMEWORK_REFUSALS[error.code] ?? error.message, { code: error.code }),
      );
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorBody(500, 'Wystąpił nieoczekiwany błąd serwera'));
}
