import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: each alarm carries its device's tenant (`/<id>/`), kept by the database (set when the alarm is
 * stored, rewritten when a move takes the device to another tenant), and an index of alarms by tenant and raise time.
 * Listing a tenant user's alarms across every business they see (`GET /api/alarms` without a business) walked the
 * global raise-time order, reading every other tenant's alarms on the way to its own; it now reads only the tenant's
 * range, newest first, and stops at the page's end.
 *
 * The plans of a keyset page of one tenant (`tenant_path = ? and (raised_at, id) < (?, ?) order by raised_at desc,
 * id desc limit ?`, joined to devices for the caller's reach), from EXPLAIN in `alarms-by-tenant.test.ts`:
 * - SQLite: `SEARCH alarms USING INDEX alarms_tenant_raised (tenant_path=? AND (raised_at,id)<(?,?))`, devices by
 *   their key, no temporary B-tree for the order.
 * - PostgreSQL: `Limit -> Nested Loop -> Index Scan Backward using alarms_tenant_raised on alarms, Index Cond:
 *   ((tenant_path = '/…/') AND (ROW(raised_at, id) < ROW(…)))`, no sort.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`alter table alarms add column tenant_path text ${postgres ? sql`collate "C"` : sql``}`.execute(db);
  await sql`update alarms set tenant_path = (select tenant_path from devices where devices.id = alarms.device_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('alarms_tenant_raised')
    .on('alarms')
    .columns(['tenant_path', 'raised_at', 'id'])
    .execute();
  if (postgres) {
    await sql`create function alarm_tenant_path() returns trigger language plpgsql as $$
      begin
        new.tenant_path := (select tenant_path from devices where id = new.device_id);
        return new;
      end $$`.execute(db);
    await sql`create trigger alarms_tenant_path before insert on alarms
      for each row execute function alarm_tenant_path()`.execute(db);
    await sql`create function device_alarms_tenant_path() returns trigger language plpgsql as $$
      begin
        update alarms set tenant_path = new.tenant_path where device_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger devices_alarms_tenant_path after update of business_path on devices
      for each row when (old.tenant_path is distinct from new.tenant_path)
      execute function device_alarms_tenant_path()`.execute(db);
    return;
  }
  await sql`create trigger alarms_tenant_path after insert on alarms
    begin
      update alarms set tenant_path = (select tenant_path from devices where id = new.device_id) where id = new.id;
    end`.execute(db);
  await sql`create trigger devices_alarms_tenant_path after update of business_path on devices
    when old.tenant_path is not new.tenant_path
    begin
      update alarms set tenant_path = new.tenant_path where device_id = new.id;
    end`.execute(db);
}
