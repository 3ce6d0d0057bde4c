import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';

/**
 * Makes the database refuse any message whose text starts with `explode:` (a trigger), so a test can
 * make a send fail inside the database and look at what the failure leaks.
 */
export async function refuseExplodingMessages(database: Database): Promise<void> {
  await database.db.execute(
    sql.raw(`create or replace function refuse_exploding_message() returns trigger
    language plpgsql as $$ begin
      if new.body like 'explode:%' then raise exception 'message refused by the test trigger'; end if;
      return new;
    end $$`),
  );
  await database.db.execute(
    sql.raw(`create trigger refuse_exploding_message before insert on messages
      for each row execute function refuse_exploding_message()`),
  );
}
