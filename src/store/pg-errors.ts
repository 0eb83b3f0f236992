/** PostgreSQL errors carry a SQLSTATE `code` (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
export function isPgError(error: unknown, sqlState: string): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    (error as { code: unknown }).code === sqlState
  );
}
