export interface SimCardRow {
  iccid: string;
  status: string;
  operator: string;
  total_mb: number;
  used_mb_hundredths: number;
  updated_at: number;
}

export function findSimCard(db: D1Database, iccid: string): Promise<SimCardRow | null> {
  return db.prepare("SELECT * FROM sim_cards WHERE iccid = ?").bind(iccid).first<SimCardRow>();
}

/** A data top-up at the carrier: the quota is added (none for an unlimited package) and the card works again. */
export function topUpStatement(db: D1Database, iccid: string, quotaMb: number | null, now: number): D1PreparedStatement {
  return db
    .prepare("UPDATE sim_cards SET total_mb = total_mb + ?, status = 'NORMAL', updated_at = ? WHERE iccid = ?")
    .bind(quotaMb ?? 0, now, iccid);
}
