/** Header that carries the session token (session storage on the client). Free of zod, so the shell's entry can read it. */
export const AUTH_TOKEN_HEADER = 'x-auth-token';
