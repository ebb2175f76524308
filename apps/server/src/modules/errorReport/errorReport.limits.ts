/**
 * Bounds on the public error-report endpoint. It needs no session (the reporter also runs on the
 * login page), so without them one client could fill the database. Each limit counts stored rows
 * over a sliding window; a batch that would go over is refused whole, nothing of it stored.
 */
export const ERROR_REPORT_LIMITS = {
  windowMs: 10 * 60_000,
  /** Reports per client address in the window (all visitors behind one NAT share it). */
  perIp: 200,
  /** Reports per signed-in person in the window. */
  perUser: 100,
  /** The request body: 20 reports with long stacks fit well inside. */
  bodyBytes: 128 * 1024,
  stackChars: 4000,
  /** Kept for 30 days, and never more than this many rows in all (oldest dropped first). */
  retentionMs: 30 * 24 * 3600_000,
  maxRows: 100_000,
} as const;
