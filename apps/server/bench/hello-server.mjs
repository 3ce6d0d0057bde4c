// The yardstick of `npm run bench:http`: a bare Fastify hello-world route on loopback, in its own
// process like the app, so the load generator measures both the same way. Tells the parent its port.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', async (msg) => {
  if (msg !== 'stop') return;
  await app.close();
  process.exit(0);
});
