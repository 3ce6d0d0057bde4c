import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../client.js';

/**
 * The hot path is built once (docs/decisions/016-throughput.md, issue 31): a repository function of
 * the member API or the chat send builds its Drizzle query once per database with placeholders
 * (`sql.placeholder`) and `.prepare(name)`, and per request only binds values. Prepared per database
 * object, as `findSessionUser` does: a Drizzle prepared query belongs to the session it was built on
 * (the pg pool, PGlite, or a transaction). On PostgreSQL the name makes it a named statement that each
 * connection parses once (db/statement-names.ts leaves a named statement alone); PGlite ignores it.
 */
export function oncePerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * Statements whose shape varies with a request (which filters a search sets): one built per database
 * and shape key, at most `max` shapes per database, the least recently used dropped first. `build`
 * gets the statement name to prepare under (`<prefix>_<hash of the key>`, the same in every process,
 * so a connection that still holds a dropped shape's statement reuses it).
 */
export function shapesPerDb<T>(
  prefix: string,
  max: number,
  build: (db: Db, shape: string, name: string) => T,
): (db: Db, shape: string) => T {
  const built = new WeakMap<Db, Map<string, T>>();
  return (db, shape) => {
    let shapes = built.get(db);
    if (!shapes) {
      shapes = new Map();
      built.set(db, shapes);
    }
    let query = shapes.get(shape);
    if (query !== undefined) {
      // Most recently used last: Map keeps insertion order.
      shapes.delete(shape);
      shapes.set(shape, query);
      return query;
    }
    const name = `${prefix}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
    query = build(db, shape, name);
    shapes.set(shape, query);
    if (shapes.size > max) shapes.delete(shapes.keys().next().value as string);
    return query;
  };
}

/** A statement written in SQL, built once: `execute` binds the placeholders' values and returns its rows. */
export interface PreparedSql<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * A statement written as a Drizzle `sql` template (with `sql.placeholder`s), rendered once and
 * prepared under `name` on `db`'s session (pool, PGlite or transaction). Its rows come back as the
 * driver gives them, without Drizzle's mapping: for statements that answer ids, counts and flags.
 */
export function prepareSql<Row>(db: Db, name: string, query: SQL): PreparedSql<Row> {
  const internals = db as unknown as {
    dialect: { sqlToQuery(sql: SQL): unknown };
    session: {
      prepareQuery(
        query: unknown,
        fields: undefined,
        name: string,
        isResponseInArrayMode: boolean,
      ): { execute(values: Record<string, unknown>): Promise<{ rows: Row[] } | Row[]> };
    };
  };
  const prepared = internals.session.prepareQuery(internals.dialect.sqlToQuery(query), undefined, name, false);
  return {
    async execute(values) {
      const result = await prepared.execute(values);
      return Array.isArray(result) ? result : result.rows;
    },
  };
}
