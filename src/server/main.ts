import { buildApp } from './app.ts';
import { type Config, ConfigError, LOOPBACK_HOST, loadConfig } from './config.ts';
import { deleteExpiredIdempotencyKeys } from './services/idempotency.ts';
import { deleteExpiredSessions } from './services/sessions.ts';

/** Start-up: config (fail fast), database and migrations (in buildApp), listen, and a clean shutdown. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const app = await buildApp(config);
  if (config.localServices.length > 0) {
    app.log.warn(
      { localServices: config.localServices },
      `Local mode: ${config.localServices.join(', ')}. Configure the real services for production (see README).` +
        (config.host === LOOPBACK_HOST
          ? ` Listening on ${LOOPBACK_HOST} only (this computer); set HOST to open it to the network.`
          : ''),
    );
  }

  const sweep = setInterval(
    () => {
      deleteExpiredSessions(app.database.db).catch((error) =>
        app.log.error({ err: error }, 'session sweep failed'),
      );
      deleteExpiredIdempotencyKeys(app.database.db).catch((error) =>
        app.log.error({ err: error }, 'idempotency key sweep failed'),
      );
    },
    60 * 60 * 1000,
  );
  sweep.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    clearInterval(sweep);
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await app.close(); // stops listening, waits for in-flight requests, then closes the database
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.siteName} is ready at ${config.publicUrl.href}`);
}

main().catch((error: unknown) => {
  console.error('ListSync failed to start:', error);
  process.exit(1);
});
