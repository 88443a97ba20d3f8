/**
 * Nothing half-written: the server process is killed (SIGKILL) during the first corpus load
 * and in the middle of rule saves and an import; each restart serves exactly the state of the
 * writes its audit log holds (compared with the embedded engine replaying the same writes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../src/data/engine/index.ts';
import { createHttpSource } from '../src/data/http/http-source.ts';
import type { CallDataSource, DataSourceMethod } from '../src/data/source.ts';
import {
  apiProcess,
  customerPhraseRule,
  startTestAuthority,
  temporaryDataDir,
  testEnv,
  type TestAuthority,
} from './test-kit.ts';
import type { AuditEntry } from './store/write-log.ts';

const CALLS = 600;

const draft = (name: string) => customerPhraseRule(name, 'refund');

describe('a server killed mid-write', { timeout: 120_000 }, () => {
  let authority: TestAuthority;
  const data = temporaryDataDir();
  const server = apiProcess(() => testEnv(authority.url, data.dir, CALLS));
  const { start, kill } = server;

  beforeAll(async () => {
    authority = await startTestAuthority();
  });
  afterAll(async () => {
    await server.kill();
    await authority.stop();
    data.remove();
  });

  const sourceAt = (url: string) =>
    createHttpSource({ baseUrl: url, getToken: () => authority.token(), maxRetries: 0 });

  /** The server's state equals the engine's after replaying the audit log's writes. */
  const expectStateOfLog = async (url: string) => {
    const token = await authority.token();
    const audit = (await (
      await fetch(`${url}/v1/audit?limit=500`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { rows: AuditEntry[] };
    const reference: CallDataSource = createEmbeddedSource({ calls: CALLS });
    for (const entry of [...audit.rows].reverse()) {
      const fn = reference[entry.method] as (...a: unknown[]) => Promise<unknown>;
      await fn.call(reference, entry.request);
    }
    const http = sourceAt(url);
    const filters = { from: '2000-01-01', to: '2100-01-01' };
    expect(await http.rules()).toEqual(await reference.rules());
    expect(await http.kpis({ filters })).toEqual(await reference.kpis({ filters }));
    expect(await http.aggregate({ filters, by: 'category' })).toEqual(
      await reference.aggregate({ filters, by: 'category' }),
    );
    expect((await http.call('call-000001'))?.call.brand).toBe(
      (await reference.call('call-000001'))?.call.brand,
    );
    return audit.rows.map((r) => r.method as DataSourceMethod);
  };

  it('finishes an interrupted first load on the next start', async () => {
    // Killed as the generated calls start going into the database (its progress line).
    await start(/Loading them into the database/);
    await kill();
    const url = await start();
    expect((await sourceAt(url).info()).calls).toBe(CALLS);
    await expectStateOfLog(url);
  });

  it('keeps each write whole or not at all, across kills at different moments', async () => {
    const written: DataSourceMethod[][] = [];
    // The last kill comes right after both writes were answered: they must survive it.
    for (const [k, delayMs] of [20, 300, 'answered' as const].entries()) {
      const url = server.url ?? (await start());
      const http = sourceAt(url);
      const pending = Promise.all([
        http.saveRule(draft(`Refund talk ${k}`)),
        http.importMetadata({
          fileName: `meta-${k}.csv`,
          mapping: { callId: 'Call', brand: 'Brand' },
          csv: `Call,Brand\ncall-000001,Brand ${k}\n`,
        }),
      ]);
      pending.catch(() => {});
      if (delayMs === 'answered') await pending;
      else await new Promise((r) => setTimeout(r, delayMs));
      await kill();
      written.push(await expectStateOfLog(await start()));
    }
    expect(written.at(-1)!.slice(0, 2).sort()).toEqual(['importMetadata', 'saveRule']);
  });
});
