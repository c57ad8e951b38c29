/** A refusal's body as the API sends it; its `statusCode` and `error` are filled in. */
export type ApiFailureBody = { message?: string; code?: string } & Record<string, unknown>;

/**
 * A failed call as the screens see it: an axios error carrying the API's error body, whose
 * message is 'Błąd' unless `body` names one.
 */
export function apiFailure(status: number, body: ApiFailureBody = {}) {
  return Object.assign(new Error(`HTTP ${status}`), {
    isAxiosError: true,
    response: { status, data: { statusCode: status, error: 'Error', message: 'Błąd', ...body } },
  });
}
