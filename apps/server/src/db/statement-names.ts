import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Distinct statements named at most, per process. The hot statements of a running site are a few
 * dozen; statements beyond the limit (an IN list of an unusual length, say) run unnamed as before, so
 * neither this process nor a database connection keeps an unbounded number of them.
 */
export const NAMED_STATEMENTS_MAX = 400;

/** Statement names by SQL text; a text absent here and beyond the limit stays unnamed. */
const names = new Map<string, string>();

/** The statement name of `text` (`s_<sha1 prefix>`), or undefined once NAMED_STATEMENTS_MAX are named. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= NAMED_STATEMENTS_MAX) return known;
  const name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

type QueryArgs = Parameters<pg.PoolClient['query']>;

/**
 * Makes every query of `client` a named prepared statement (docs/benchmarks.md, throughput): the
 * database parses a statement once per connection and, after a few runs, reuses its plan, where an
 * unnamed statement is parsed and planned on every call. Planning was most of the database's time
 * for the member API's small indexed reads (0.3–0.5 ms of planning against 0.03–0.15 ms of
 * execution). Statements that already have a name (Drizzle's `.prepare(name)`) keep it; plain text
 * queries and queries with a custom submittable are left as they are.
 *
 * Not for a connection pooler in transaction mode that predates prepared-statement support
 * (PgBouncer before 1.21): point DATABASE_URL at PostgreSQL or at a pooler in session mode.
 */
export function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: QueryArgs) => unknown }).query = (...args: QueryArgs) => {
    const config = args[0] as unknown;
    if (config && typeof config === 'object' && 'text' in config && !('submit' in config)) {
      const queryConfig = config as pg.QueryConfig;
      if (!queryConfig.name) {
        const name = statementName(queryConfig.text);
        if (name) args[0] = { ...queryConfig, name } as unknown as QueryArgs[0];
      }
    }
    return query(...args);
  };
}
