// `npm start`: starts Parley and keeps it up. A failure that escapes a request (a callback's rejected
// promise) is logged; it must not take every user's server down with it.
import { startServer } from './start.js';

const server = await startServer();
const { logger } = server.services;
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason }, 'unhandled rejection (the server keeps running)');
});
const shutdown = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
