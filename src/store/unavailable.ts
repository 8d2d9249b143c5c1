/**
 * Whether an error means the SQL store cannot be reached right now (PostgreSQL down, restarting,
 * refusing connections; SQLite locked past its busy timeout), as opposed to a bug. The HTTP edge
 * answers these with 503 and Retry-After; pg's pool reconnects on the next query, so service
 * resumes without a restart when the database is back.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE',
  // PostgreSQL: admin/crash shutdown, cannot connect now, connection failures, not accepting connections.
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '55000', '53300',
  'SQLITE_BUSY', 'SQLITE_LOCKED',
]);

export function isStoreUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message)) return true;
  return e.cause !== undefined && e.cause !== error && isStoreUnavailable(e.cause);
}
