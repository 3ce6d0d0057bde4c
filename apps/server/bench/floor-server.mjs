// The floor of `npm run bench:http` (issue 31): a bare Fastify 5 + pg server that answers the member
// API's GET paths by sending the statements the app sent for them (recorded by statement-recorder.cjs:
// the same names, texts, values and order, statements of one wave at the same time) over a pool of 10,
// and answering JSON.stringify of the rows. What the app costs above it is its own code.
// Gets DATABASE_URL from its environment and the recorded sequences over IPC; tells the parent its port.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// Rows as arrays with dates and times left as text, as Drizzle asks pg for them (its own mapping is
// the app's cost, not the floor's).
const RAW = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
]);
const types = {
  getTypeParser: (oid, format) => (RAW.has(oid) ? (value) => value : pg.types.getTypeParser(oid, format)),
};
pool.on('error', () => undefined);
/** Recorded statement sequences by path, and the next one to replay of each. */
let sequences = new Map();
const next = new Map();

/** Replays one recorded request: its waves one after another, the statements of a wave at once. */
async function replay(statements) {
  const rows = [];
  let wave = [];
  const flush = async () => {
    const results = await Promise.all(
      wave.map((s) =>
        pool.query({ name: s.name ?? undefined, text: s.text, values: s.values, rowMode: 'array', types }),
      ),
    );
    for (const result of results) rows.push(result.rows);
    wave = [];
  };
  for (const statement of statements) {
    if (wave.length > 0 && statement.wave !== wave[0].wave) await flush();
    wave.push(statement);
  }
  if (wave.length > 0) await flush();
  return rows;
}

const app = Fastify({ logger: false });
app.get('/*', async (req, reply) => {
  const path = req.url.split('?')[0];
  const recorded = sequences.get(path);
  if (!recorded || recorded.length === 0) return reply.code(404).send({ error: 'not_recorded', path });
  const i = next.get(path) ?? 0;
  next.set(path, (i + 1) % recorded.length);
  reply.type('application/json');
  return JSON.stringify(await replay(recorded[i]));
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.on('message', async (msg) => {
  if (msg?.type === 'sequences') {
    sequences = new Map(Object.entries(msg.calls));
    process.send?.({ type: 'sequences-loaded' });
  }
  if (msg === 'stop') {
    await app.close();
    await pool.end();
    process.exit(0);
  }
});
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
