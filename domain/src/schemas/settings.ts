import * as z from 'zod/mini';

/**
 * The platform's global settings (`/settings`, platform administrator): `GET /api/config_global`
 * (public) and `PUT /api/config_global/1` (the one settings record).
 */

export const LINK_MAX_LENGTH = 2000;
export const LINK_MESSAGE = 'Podaj pełny adres strony zaczynający się od http:// lub https://';

/** `GET /api/config_global`; the link is null until the administrator sets it. */
export const globalConfig = z.object({
  /** The data-protection terms shown where results are shared. */
  linkToResultsSharingTerms: z.nullable(z.string()),
});
export type GlobalConfig = z.infer<typeof globalConfig>;

/** `PUT /api/config_global/1`: an http(s) address of a web page. */
export const updateGlobalConfigBody = z.object({
  linkToResultsSharingTerms: z
    .string()
    .check(z.trim(), z.maxLength(LINK_MAX_LENGTH, LINK_MESSAGE), z.httpUrl(LINK_MESSAGE)),
});
export type UpdateGlobalConfigBody = z.infer<typeof updateGlobalConfigBody>;
