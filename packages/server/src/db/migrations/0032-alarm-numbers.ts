import { type Kysely, sql } from 'kysely';

/**
 * Forward only: each alarm gets a number of its own within its tenant (the top business), so a list across devices
 * tells its alarms apart; the per-device `sequence_id` made every device's first alarm "#1". `alarm_numbers` holds
 * each tenant's last number. Existing alarms are numbered in the order they were raised. Also an index in the order
 * alarm lists are read (newest raised first), for their keyset pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alarm_numbers')
    .addColumn('tenant_path', 'text', (column) => column.primaryKey())
    .addColumn('last', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .alterTable('alarms')
    .addColumn('number', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('alarms_raised_at_id').on('alarms').columns(['raised_at', 'id']).execute();

  const alarms = await sql<{ id: string; tenant_path: string }>`
    select alarms.id, devices.tenant_path from alarms inner join devices on devices.id = alarms.device_id
    order by alarms.raised_at, alarms.id`.execute(db);
  const last = new Map<string, number>();
  for (const alarm of alarms.rows) {
    const number = (last.get(alarm.tenant_path) ?? 0) + 1;
    last.set(alarm.tenant_path, number);
    await sql`update alarms set number = ${number} where id = ${alarm.id}`.execute(db);
  }
  for (const [tenantPath, number] of last) {
    await sql`insert into alarm_numbers (tenant_path, last) values (${tenantPath}, ${number})`.execute(db);
  }
}
