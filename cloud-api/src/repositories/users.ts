export interface UserRow {
  id: number;
  account: string;
  nickname: string;
  country_code: string;
}

export function findUser(db: D1Database, userId: number): Promise<UserRow | null> {
  return db.prepare("SELECT id, account, nickname, country_code FROM users WHERE id = ?").bind(userId).first<UserRow>();
}

export function findUserByAccount(db: D1Database, account: string): Promise<UserRow | null> {
  return db.prepare("SELECT id, account, nickname, country_code FROM users WHERE account = ?").bind(account).first<UserRow>();
}
