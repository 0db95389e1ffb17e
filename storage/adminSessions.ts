import type { Db } from './db.ts';

/** Records a signed-out console session until it would have expired anyway, dropping those past it. */
export async function endAdminSession(sql: Db, session: string, expiresAt: Date): Promise<void> {
  await sql`delete from admin_sessions_ended where expires_at < now()`;
  await sql`
    insert into admin_sessions_ended (session, expires_at) values (${session}, ${expiresAt})
    on conflict (session) do nothing`;
}

export async function isAdminSessionEnded(sql: Db, session: string): Promise<boolean> {
  const [row] = await sql`select 1 from admin_sessions_ended where session = ${session}`;
  return row !== undefined;
}
