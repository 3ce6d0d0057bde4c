import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { nameStatements, statementName } from '../src/db/statement-names.js';

/** A connection whose query only records what it was given. */
function fakeConnection() {
  const sent: unknown[] = [];
  const client = { query: (...args: unknown[]) => sent.push(args[0]) } as unknown as pg.PoolClient;
  nameStatements(client);
  return { client, sent };
}

describe('statement names (issue 31)', () => {
  it('leaves a statement prepared by name as it is: no hash of its text, the same config object', () => {
    const { client, sent } = fakeConnection();
    const prepared = { name: 'find_session_user', text: 'select 1 where $1::int = 1', values: [1] };
    client.query(prepared as never);
    expect(sent[0]).toBe(prepared);
  });

  it('names a statement sent without one by a hash of its text, the same name each time', () => {
    const { client, sent } = fakeConnection();
    client.query({ text: 'select 2 where $1::int = 2', values: [2] } as never);
    client.query({ text: 'select 2 where $1::int = 2', values: [3] } as never);
    const [first, second] = sent as { name: string }[];
    expect(first?.name).toMatch(/^s_[0-9a-f]{20}$/);
    expect(second?.name).toBe(first?.name);
    expect(statementName('select 2 where $1::int = 2')).toBe(first?.name);
  });

  it('leaves plain text queries alone', () => {
    const { client, sent } = fakeConnection();
    client.query('listen x' as never);
    expect(sent[0]).toBe('listen x');
  });
});
