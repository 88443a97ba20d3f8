/**
 * For tests of the ClickHouse-server adapter without a ClickHouse server (none can be installed
 * here: Debian's is 18.16, from 2018, older than the DateTime64 and text indexes the schema
 * uses; no other download is allowed): ClickHouse's HTTP interface as @clickhouse/client
 * speaks it (the statement in the body or `query` parameter, settings such as default_format
 * as URL parameters, /ping), answered by chDB, which is ClickHouse's own engine. It checks the
 * adapter's requests, formats and streaming end to end; not a server's clustering or auth.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Session } from 'chdb';

export interface ClickHouseHttpShim {
  readonly url: string;
  /** Statements received, in order. */
  readonly statements: string[];
  stop(): Promise<void>;
}

export async function startClickHouseHttpShim(dataDir: string): Promise<ClickHouseHttpShim> {
  const session = new Session(dataDir);
  const statements: string[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shim');
    if (url.pathname === '/ping') return void res.writeHead(200).end('Ok.\n');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const sql = `${url.searchParams.get('query') ?? ''}${Buffer.concat(chunks).toString('utf8')}`;
      const format = url.searchParams.get('default_format') ?? 'TabSeparated';
      statements.push(sql);
      // One statement at a time, as one chDB session runs them.
      const run = queue.then(() => session.queryAsync(sql, { format }));
      queue = run.catch(() => {});
      run.then(
        (result) => {
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(Buffer.from(result.bytes()));
        },
        (error: Error) => {
          res.writeHead(500, { 'x-clickhouse-exception-code': '1' });
          res.end(`Code: 1. DB::Exception: ${error.message}`);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    statements,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          session.close();
          resolve();
        });
      }),
  };
}
