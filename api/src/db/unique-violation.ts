/** PostgreSQL's unique_violation, as pg and PGlite both report it; `constraint` names the index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: unknown; constraint?: unknown } | null;
  if (pgError?.code !== '23505') return false;
  return constraint === undefined || pgError.constraint === constraint;
}
