import { sql, type Kysely } from 'kysely';

/**
 * Test-kit ordering (§2 "Cart and test kits", §3 "Cart item"): the price list of the three kits,
 * and patients' cart items, which become orders when bought. An order keeps the prices it was
 * bought at (`ordered_prices`), so later price changes do not rewrite it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('test_kit_prices')
    .addColumn('test_type', 'text', (col) =>
      col.primaryKey().check(sql`test_type in ('SMELLTASTE_TEST', 'SMELL_TEST', 'TASTE_TEST')`),
    )
    .addColumn('description', 'text', (col) => col.notNull())
    // Net, in grosze.
    .addColumn('unit_price', 'integer', (col) => col.notNull().check(sql`unit_price > 0`))
    .addColumn('vat_rate', 'integer', (col) => col.notNull().check(sql`vat_rate between 0 and 100`))
    .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    // The order of the test-kit page.
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();

  // Medical devices carry the reduced 8% VAT in Poland.
  await sql`
    insert into test_kit_prices (test_type, description, unit_price, vat_rate, currency, position) values
      ('SMELLTASTE_TEST', 'Zestaw do domowego badania węchu i smaku: 12 próbek zapachowych i 8 smakowych z instrukcją.', 12000, 8, 'PLN', 1),
      ('SMELL_TEST', 'Zestaw do domowego badania węchu: 12 próbek zapachowych z instrukcją.', 7000, 8, 'PLN', 2),
      ('TASTE_TEST', 'Zestaw do domowego badania smaku: 8 próbek smakowych z instrukcją.', 6000, 8, 'PLN', 3)
  `.execute(db);

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'integer', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // `CartElement[]` of @formularze/domain/schemas/cart.ts.
    .addColumn('elements', 'jsonb', (col) => col.notNull())
    .addColumn('delivery_info', 'jsonb', (col) => col.notNull())
    .addColumn('billing_info', 'jsonb', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('IN_CART')
        .check(sql`status in ('IN_CART', 'ORDERED')`),
    )
    // `KitPrice[]` of the bought elements, as priced at the purchase.
    .addColumn('ordered_prices', 'jsonb')
    .addColumn('ordered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'cart_items_ordered',
      sql`(status = 'ORDERED') = (ordered_at is not null and ordered_prices is not null)`,
    )
    .execute();
  // A person's cart (newest first) and orders (latest purchase first).
  await db.schema
    .createIndex('cart_items_user_status_idx')
    .on('cart_items')
    .columns(['user_id', 'status', 'ordered_at', 'created_at'])
    .execute();
}
