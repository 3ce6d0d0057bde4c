// Loaded into the benchmarked server with `--require` by `npm run bench:http`: sums the time V8 spent
// in garbage collection (PerformanceObserver 'gc') and answers it over the IPC channel when the bench
// asks ({ type: 'gc?' } → { type: 'gc', ms, count }), so a run reports GC time per request.
// Plain CommonJS so it loads before the server's ES modules; it changes nothing else in the process.
const { PerformanceObserver } = require('node:perf_hooks');

let ms = 0;
let count = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    ms += entry.duration;
    count += 1;
  }
}).observe({ entryTypes: ['gc'] });

process.on('message', (msg) => {
  if (msg && typeof msg === 'object' && msg.type === 'gc?') process.send?.({ type: 'gc', ms, count });
});
// The listener must not keep a stopping server alive.
process.channel?.unref();
