/**
 * Whether a database error (pg, PGlite, or Drizzle's wrapper around either) is a unique-index
 * violation (SQLSTATE 23505), of the index `constraint` when given. Walks the `cause` chain.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (!constraint || name === constraint || message?.includes(constraint))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
