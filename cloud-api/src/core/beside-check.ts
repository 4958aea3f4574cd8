/**
 * Runs a check and a read at once, one round trip deep instead of two, and answers the read only once
 * the check passed: a refusal of the check wins over whatever the read found or failed with, so the
 * read tells a refused caller nothing. The read must not write.
 */
export async function readBesideCheck<C, R>(check: Promise<C>, read: Promise<R>): Promise<[C, R]> {
  const [checked, found] = await Promise.allSettled([check, read]);
  if (checked.status === "rejected") throw checked.reason;
  if (found.status === "rejected") throw found.reason;
  return [checked.value, found.value];
}
