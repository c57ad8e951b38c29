import pg from 'pg';

export interface NotificationListenerLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface NotificationListener {
  /** The backend pid of the listening connection, null while it is being reopened (tests). */
  listenerPid(): number | null;
  close(): Promise<void>;
}

/**
 * One dedicated connection that `LISTEN`s on `channel` of a PostgreSQL database and hands each
 * notification's payload to `onNotification`. A lost connection (server restart, network, a
 * terminated backend) is dropped and opened again after `reconnectDelayMs`; `onListening` hears
 * each change between listening and not. Resolves once listening.
 */
export async function listenForNotifications({
  connectionString,
  channel,
  name,
  logger,
  reconnectDelayMs,
  onNotification,
  onListening = () => {},
}: {
  connectionString: string;
  channel: string;
  /** Names the connection in `pg_stat_activity` (`formularze <name>`) and the log lines. */
  name: string;
  logger: NotificationListenerLogger;
  reconnectDelayMs: number;
  onNotification(payload: string | undefined): void;
  onListening?(listening: boolean): void;
}): Promise<NotificationListener> {
  let listening: { client: pg.Client; pid: number } | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const reconnectLater = () => {
    if (closed) return;
    retry = setTimeout(() => {
      listen().then(
        () => logger.info({}, `${name}: listening again`),
        (error: unknown) => {
          logger.warn({ err: error }, `${name}: cannot listen yet, trying again`);
          reconnectLater();
        },
      );
    }, reconnectDelayMs);
  };

  const lost = (client: pg.Client, error?: Error) => {
    if (listening?.client !== client) return;
    listening = null;
    onListening(false);
    logger.warn({ err: error }, `${name}: listening connection lost, reconnecting`);
    client.end().catch(() => undefined);
    reconnectLater();
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString, application_name: `formularze ${name}` });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotification(message.payload);
    });
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    let pid: number;
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      pid = rows[0]!.pid;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    listening = { client, pid };
    onListening(true);
  }

  await listen();
  return {
    listenerPid: () => listening?.pid ?? null,
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = listening;
      listening = null;
      onListening(false);
      await current?.client.end();
    },
  };
}
