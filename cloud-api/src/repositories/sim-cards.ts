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
