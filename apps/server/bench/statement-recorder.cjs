// Loaded into the benchmarked server with `--require` by `npm run bench:http` (issue 31, the floor):
// records, per HTTP request, the statements the server sends to PostgreSQL (name, text, values) and
// which of them ran at the same time (`wave`: a statement sent while none of the request's others was
// in flight starts the next wave). The bench asks for them over IPC ({ type: 'statements?' }) and
// replays them through a bare Fastify + pg server (floor-server.mjs). It records only while asked to
// ({ type: 'record', on }), at most SAMPLES_PER_CALL requests per path, so it costs nothing otherwise.
// Plain CommonJS so it patches pg and http before the server's ES modules load them.
const { AsyncLocalStorage } = require('node:async_hooks');
const { createHash } = require('node:crypto');
const http = require('node:http');
const pg = require('pg');

const SAMPLES_PER_CALL = 400;
const storage = new AsyncLocalStorage();
/** Recorded requests by path: each a list of { name, text, values, wave }. */
const recorded = new Map();
let recording = false;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitWithContext(event, req, res, ...rest) {
  if (event !== 'request' || !recording) return emit.call(this, event, req, res, ...rest);
  const path = String(req.url ?? '').split('?')[0];
  let samples = recorded.get(path);
  if (!samples) {
    samples = [];
    recorded.set(path, samples);
  }
  if (samples.length >= SAMPLES_PER_CALL) return emit.call(this, event, req, res, ...rest);
  const request = { statements: [], inFlight: 0, wave: -1 };
  res.once('finish', () => {
    if (res.statusCode < 300 && request.statements.length > 0 && samples.length < SAMPLES_PER_CALL) {
      samples.push(request.statements);
    }
  });
  return storage.run(request, () => emit.call(this, event, req, res, ...rest));
};

/** The name db/statement-names.ts gives an unnamed statement (the app's connections name them below the pool). */
const nameOf = (text) => `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

// Recorded where the app sends a statement (the pool's query, in the request's async context); a
// connection runs it later, possibly in another request's context.
const query = pg.Pool.prototype.query;
pg.Pool.prototype.query = function recordedQuery(config, values, callback) {
  const request = storage.getStore();
  const plain = config && typeof config === 'object' && typeof config.text === 'string' && !config.submit;
  if (!request || !(plain || typeof config === 'string')) return query.call(this, config, values, callback);
  const text = typeof config === 'string' ? config : config.text;
  if (request.inFlight === 0) request.wave += 1;
  request.statements.push({
    name: (typeof config === 'object' && config.name) || nameOf(text),
    text,
    values: (typeof config === 'object' && config.values) || (Array.isArray(values) ? values : []),
    wave: request.wave,
  });
  request.inFlight += 1;
  let settled = false;
  const done = () => {
    if (settled) return;
    settled = true;
    request.inFlight -= 1;
  };
  if (typeof values === 'function') {
    const cb = values;
    return query.call(this, config, (err, res) => {
      done();
      cb(err, res);
    });
  }
  if (typeof callback === 'function') {
    return query.call(this, config, values, (err, res) => {
      done();
      callback(err, res);
    });
  }
  const result = query.call(this, config, values);
  if (result && typeof result.then === 'function') result.then(done, done);
  else done();
  return result;
};

process.on('message', (msg) => {
  if (!msg || typeof msg !== 'object') return;
  if (msg.type === 'record') {
    recording = Boolean(msg.on);
    if (msg.clear) recorded.clear();
  }
  if (msg.type === 'statements?') process.send?.({ type: 'statements', calls: Object.fromEntries(recorded) });
});
process.channel?.unref();
