import { z } from 'zod';

export const ROLES = [
  'ROLE_ADMIN',
  'ROLE_OWNER',
  'ROLE_EDITOR',
  'ROLE_USER',
  'ROLE_USER_NO_ACCEPTED_TERMS',
  'GUEST',
] as const;
export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;

/** The super-admin signs in with an email; its own message is the only error the panel shows. */
export const ownerLoginBody = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(200),
});
export type OwnerLoginBody = z.infer<typeof ownerLoginBody>;

export const loginResponse = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const ownerCheck = z.object({ email: z.string() });
export type OwnerCheck = z.infer<typeof ownerCheck>;

/** Header that carries the session token (session storage on the client). */
export const AUTH_TOKEN_HEADER = 'x-auth-token';
