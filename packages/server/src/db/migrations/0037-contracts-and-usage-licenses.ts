import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * Forward only: contracts whole (SPEC section 3), their log, and usage licenses.
 *
 * - `contracts` gains its type, dates, reach (`inheritable_levels`, null: every level below), credits, tokens, the
 *   notification state the daily job last moved it to, and a version. Credits are integers; `credits_carved` is what
 *   the contract gave its sublevels' contracts (those naming it in `from_contract_id`), so what it has left is
 *   `credits_total - credits_spent - credits_carved`, kept by single conditional updates. Contracts already there
 *   were bought when made and keep reaching their whole subtree.
 * - `contract_logs` keeps its contract's id without a foreign key: the deletion event outlives the contract.
 * - `sigfox_token_records` goes: the token record is computed from contracts and their devices.
 * - `usage_licenses`: a device's `usage_license_id` now names one. The free text devices held becomes a license of
 *   the device's top business (without dates: open-ended), so nothing typed is lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, 'text' | 'bigint' | 'integer', unknown][] = [
    ['type', 'text', 'LOC'],
    ['comment', 'text', ''],
    ['expires_at', 'bigint', null],
    ['purchased_at', 'bigint', null],
    ['inheritable_levels', 'integer', null],
    ['updated_at', 'bigint', 0],
    ['version', 'integer', 1],
    ['state', 'text', 'purchase'],
    ['state_at', 'bigint', null],
    ['credits_total', 'bigint', 0],
    ['credits_spent', 'bigint', 0],
    ['credits_carved', 'bigint', 0],
    ['credit_period_type', 'text', 'disabled'],
    ['credits_per_period', 'bigint', 0],
    ['credit_limit_for_period', 'bigint', 0],
    ['allow_over_usage', 'integer', 0],
    ['user_changeable', 'integer', 0],
    ['period_start', 'bigint', null],
    ['period_end', 'bigint', null],
    ['spent_in_period', 'bigint', 0],
    ['over_usage_in_period', 'bigint', 0],
    ['cost_sms', 'integer', 1],
    ['cost_whatsapp', 'integer', 1],
    ['cost_voice', 'integer', 2],
    ['cost_report', 'integer', 1],
    ['from_contract_id', 'text', null],
    ['token_type', 'text', null],
    ['token_capability', 'text', '[]'],
    ['token_validity_days', 'integer', 365],
    ['token_period_start', 'bigint', null],
    ['tokens_total', 'bigint', 0],
    ['tokens_spent', 'bigint', 0],
  ];
  for (const [name, type, fallback] of columns) {
    await db.schema
      .alterTable('contracts')
      .addColumn(name, type, (column) => (fallback === null ? column : column.notNull().defaultTo(fallback)))
      .execute();
  }
  await sql`update contracts set purchased_at = created_at, updated_at = created_at, state_at = created_at`.execute(db);
  await db.schema.createIndex('contracts_from_contract').on('contracts').column('from_contract_id').execute();
  await db.schema.createIndex('contracts_expires_at').on('contracts').column('expires_at').execute();

  await db.schema.dropTable('sigfox_token_records').execute();

  await db.schema
    .createTable('contract_logs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('contract_id', 'text', (column) => column.notNull())
    .addColumn('business_id', 'text', (column) => column.notNull())
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('at', 'bigint', (column) => column.notNull())
    .addColumn('user_id', 'text')
    .addColumn('amount', 'bigint')
    .addColumn('details', 'text', (column) => column.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('contract_logs_contract_at')
    .on('contract_logs')
    .columns(['contract_id', 'at', 'id'])
    .execute();

  await db.schema
    .createTable('usage_licenses')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('business_id', 'text', (column) => column.notNull().references('business_nodes.id'))
    .addColumn('license_id', 'text', (column) => column.notNull())
    .addColumn('corporate_name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('comments', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('omie_contract_id', 'text')
    .addColumn('omie_starts_at', 'bigint')
    .addColumn('omie_ends_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('usage_licenses_business_license')
    .on('usage_licenses')
    .columns(['business_id', 'license_id'])
    .unique()
    .execute();
  await db.schema.createIndex('usage_licenses_ends_at').on('usage_licenses').column('ends_at').execute();

  const typed = await sql<{ tenant_path: string; usage_license_id: string }>`
    select distinct tenant_path, usage_license_id from devices where usage_license_id is not null`.execute(db);
  const now = Date.now();
  for (const { tenant_path: tenantPath, usage_license_id: text } of typed.rows) {
    const id = randomUUID();
    const businessId = tenantPath.slice(1, -1);
    await sql`insert into usage_licenses (id, business_id, license_id, type, created_at, updated_at, version)
      values (${id}, ${businessId}, ${text}, ${'imported'}, ${now}, ${now}, ${1})`.execute(db);
    await sql`update devices set usage_license_id = ${id}
      where tenant_path = ${tenantPath} and usage_license_id = ${text}`.execute(db);
  }
  await db.schema
    .createIndex('devices_usage_license')
    .on('devices')
    .column('usage_license_id')
    .where(sql.ref('usage_license_id'), 'is not', null)
    .execute();
}
