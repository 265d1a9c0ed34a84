/** PostgreSQL's error code, wherever the driver or Drizzle put it in the cause chain. */
export function pgErrorCode(error: unknown): string | undefined {
  return pgErrorField(error, 'code', /^[0-9A-Z]{5}$/);
}

/** The constraint or index a 23505 / 23514 / 23503 names (node-postgres and PGlite both set it). */
export function pgConstraint(error: unknown): string | undefined {
  return pgErrorField(error, 'constraint', /^[a-z0-9_]+$/);
}

function pgErrorField(error: unknown, field: 'code' | 'constraint', shape: RegExp): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const value = (current as Record<string, unknown>)[field];
    if (typeof value === 'string' && shape.test(value)) return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A foreign key to the trades catalogue refused a row (23503): the trade was deleted meanwhile (an
 * admin merged it into another, domain/groups/admin-groups.ts) under a write that had read it.
 */
export function isTradeGone(error: unknown): boolean {
  const constraint = pgConstraint(error);
  return pgErrorCode(error) === '23503' && constraint !== undefined && constraint.endsWith('_trade_id_trades_id_fk');
}
