/** Counts one hit of `key` in the current fixed window and answers the window's count, atomically. */
export async function countHit(db: D1Database, key: string, windowSeconds: number, now: number): Promise<number> {
  const windowStart = now - (now % windowSeconds);
  const row = await db
    .prepare("INSERT INTO rate_limits (key, window_start, hits) VALUES (?, ?, 1) ON CONFLICT (key, window_start) DO UPDATE SET hits = hits + 1 RETURNING hits")
    .bind(key, windowStart)
    .first<{ hits: number }>();
  return row?.hits ?? 1;
}

/** Windows that ended before `before`; the cron forgets them. */
export async function forgetRateWindowsBefore(db: D1Database, before: number): Promise<number> {
  const result = await db.prepare("DELETE FROM rate_limits WHERE window_start < ?").bind(before).run();
  return result.meta.changes ?? 0;
}
