import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Storage tuned for the money path's updates (docs/performance.md):
 * - transactions and ledger_accounts keep free room in each page (fillfactor), so an update that
 *   changes no indexed column (a cash-in's initiation state, a merchant's balance) is a HOT update:
 *   the new row version stays in its page and none of the table's indexes is written. Without the
 *   room, every such update wrote an entry into each of the transactions table's 14 indexes.
 *   Applies to pages written from now on; existing pages get it at their next rewrite.
 * - the list filter by status keeps an index only for `pending` (what merchants reconcile with);
 *   other statuses are most rows and are read through (app_id, mode, created_at). A transaction
 *   leaving pending then adds nothing to it.
 */
export class HotPathStorage1795410050000 implements MigrationInterface {
  name = 'HotPathStorage1795410050000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transactions SET (fillfactor = 80)`);
    await q.query(`ALTER TABLE ledger_accounts SET (fillfactor = 50)`);
    await q.query(`CREATE INDEX transactions_app_mode_pending_idx ON transactions (app_id, mode, created_at DESC, id DESC) WHERE status = 'pending'`);
    await q.query(`DROP INDEX transactions_app_mode_status_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX transactions_app_mode_status_idx ON transactions (app_id, mode, status, created_at DESC, id DESC)`);
    await q.query(`DROP INDEX transactions_app_mode_pending_idx`);
    await q.query(`ALTER TABLE ledger_accounts RESET (fillfactor)`);
    await q.query(`ALTER TABLE transactions RESET (fillfactor)`);
  }
}
