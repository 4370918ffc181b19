import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config/index.ts';
import { LOOPBACK_HOST } from './config/network.ts';
import { listenMetrics } from './http/routes/metrics.ts';

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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
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
  if (config.metrics.port !== null) {
    const metrics = await listenMetrics(app, config.metrics.port, config.metrics.host);
    app.log.info(`Metrics: http://${metrics.address}:${metrics.port}/metrics`);
  }
  app.log.info(`${config.siteName} is ready at ${config.publicUrl.href}`);
  // Clean-ups (sessions, idempotency keys, codes, rate-limit windows, orphaned photos): each runs
  // once a period across every instance (services/jobs.ts).
  app.jobs.start();
  // Webhook deliveries: sent as they are queued, retried with backoff (services/webhook-dispatcher.ts).
  await app.webhooks.start();
}

main().catch((error: unknown) => {
  console.error('ListSync failed to start:', error);
  process.exit(1);
});
