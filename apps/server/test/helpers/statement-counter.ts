import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../src/db/client.js';

/** What the database was sent while a counter ran. */
export interface StatementCount {
  /** Statements sent. */
  total: number;
  /**
   * Round trips one after another: a statement sent while none other was in flight starts a new one;
   * statements sent while another was running (Promise.all) share its round trip.
   */
  sequential: number;
  /** The statements' texts, in the order they were sent. */
  texts: string[];
  /** Statements sent without a name (PostgreSQL only: PGlite has no named statements). */
  unnamed: string[];
  /** SQL texts Drizzle rendered meanwhile (`sqlToQuery`): 0 when every statement was built before. */
  built: number;
}

/** Counts the statements sent to a test database; `during` measures one piece of work. */
export interface StatementCounter {
  during<T>(work: () => Promise<T>): Promise<{ result: T; count: StatementCount }>;
  /** Puts the drivers' own query methods back. */
  stop(): void;
}

/** LISTEN and UNLISTEN of the realtime bus and the site-change listener: not a request's statements. */
const BACKGROUND = /^\s*(listen|unlisten)\b/i;

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Counts statements at the driver (every pg connection of the pool, or PGlite's query and exec,
 * transactions included), below Drizzle, so a statement is counted however it was built.
 */
export function countStatements(database: Database): StatementCounter {
  let active: StatementCount | null = null;
  let inFlight = 0;
  const restores: (() => void)[] = [];

  const record = (text: string, run: () => unknown, named = true): unknown => {
    const count = active;
    if (!count || BACKGROUND.test(text)) return run();
    count.total += 1;
    if (!named) count.unnamed.push(text);
    if (inFlight === 0) count.sequential += 1;
    count.texts.push(text);
    inFlight += 1;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      inFlight -= 1;
    };
    try {
      const out = run();
      if (out && typeof (out as Promise<unknown>).then === 'function') {
        return (out as Promise<unknown>).then(
          (value) => {
            settle();
            return value;
          },
          (err: unknown) => {
            settle();
            throw err;
          },
        );
      }
      settle();
      return out;
    } catch (err) {
      settle();
      throw err;
    }
  };

  const isNamed = (arg: unknown): boolean => Boolean((arg as { name?: unknown } | null)?.name);
  const textOf = (arg: unknown): string =>
    typeof arg === 'string' ? arg : String((arg as { text?: unknown } | null)?.text ?? '');

  /** Wraps `target.query` (and `exec`) in place. */
  const wrap = (target: Record<string, unknown>, method: 'query' | 'exec') => {
    const original = target[method] as QueryFn | undefined;
    if (typeof original !== 'function' || (original as { counted?: boolean }).counted) return;
    const wrapped: QueryFn = (...args) => record(textOf(args[0]), () => original.apply(target, args));
    (wrapped as { counted?: boolean }).counted = true;
    target[method] = wrapped;
    restores.push(() => {
      target[method] = original;
    });
  };

  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    // Counted when the app sends a statement: at the pool (a query waiting for a free connection
    // still runs beside the one before it) and on connections checked out for a transaction; a
    // pool query reaching its connection is not counted twice.
    const viaPool = new WeakSet<object>();
    const pool = client as unknown as Record<string, unknown>;
    const poolQuery = pool.query as QueryFn;
    pool.query = (...args: unknown[]) => {
      if (typeof args[0] === 'string') args.splice(0, 2, { text: args[0], values: args[1] });
      viaPool.add(args[0] as object);
      return record(textOf(args[0]), () => poolQuery.apply(client, args), isNamed(args[0]));
    };
    restores.push(() => {
      pool.query = poolQuery;
    });
    const wrapConnection = (c: pg.PoolClient) => {
      const target = c as unknown as Record<string, unknown>;
      const original = target.query as QueryFn;
      if ((original as { counted?: boolean }).counted) return;
      const wrapped: QueryFn = (...args) =>
        args[0] && typeof args[0] === 'object' && viaPool.has(args[0])
          ? original.apply(c, args)
          : record(textOf(args[0]), () => original.apply(c, args), isNamed(args[0]));
      (wrapped as { counted?: boolean }).counted = true;
      target.query = wrapped;
      restores.push(() => {
        target.query = original;
      });
    };
    for (const c of (client as unknown as { _clients: pg.PoolClient[] })._clients) wrapConnection(c);
    client.on('connect', wrapConnection);
    restores.push(() => client.off('connect', wrapConnection));
  } else {
    const lite = client as unknown as Record<string, unknown>;
    wrap(lite, 'query');
    wrap(lite, 'exec');
    const transaction = lite.transaction as QueryFn;
    lite.transaction = (fn: (tx: Record<string, unknown>) => unknown) =>
      transaction.call(lite, (tx: Record<string, unknown>) => {
        wrap(tx, 'query');
        wrap(tx, 'exec');
        return fn(tx);
      });
    restores.push(() => {
      lite.transaction = transaction;
    });
  }

  // Drizzle renders a query's SQL text through its dialect: counted while a piece of work runs.
  const dialect = (database.db as unknown as { dialect: Record<string, unknown> }).dialect;
  const sqlToQuery = dialect.sqlToQuery as QueryFn;
  dialect.sqlToQuery = (...args: unknown[]) => {
    if (active) active.built += 1;
    return sqlToQuery.apply(dialect, args);
  };
  restores.push(() => {
    dialect.sqlToQuery = sqlToQuery;
  });

  return {
    async during(work) {
      active = { total: 0, sequential: 0, texts: [], unnamed: [], built: 0 };
      inFlight = 0;
      try {
        const result = await work();
        return { result, count: active };
      } finally {
        active = null;
      }
    },
    stop() {
      for (const restore of restores.reverse()) restore();
    },
  };
}
