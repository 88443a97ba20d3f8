/**
 * The leads list and a lead in SQL answer as the engine does (src/data/engine/records.ts):
 * every filter alone and together, every sort both ways, pages, text that matches names,
 * campaigns and signals in any case, text no statement may be broken by, and owners given by
 * hand laid over the computed ones; on a corpus of its own, read from the table it was written
 * to. (differential.test.ts compares them through the API as well.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '../../src/data/engine/index.ts';
import { leads } from '../../src/data/engine/records.ts';
import type { LeadQuery } from '../../src/data/source.ts';
import { openEmbeddedDatabase } from '../store/database.ts';
import {
  BASE_TABLES,
  createCallTables,
  saveCorpus,
  writeCallTables,
} from '../store/corpus-table.ts';
import { ensureLeads } from '../store/lead-table.ts';
import { liveTableNames } from '../store/schema.ts';
import { temporaryDataDir } from '../test-kit.ts';
import { CompiledLeads } from './leads.ts';

const TABLES = liveTableNames(1);

describe('leads in SQL', () => {
  const data = temporaryDataDir();
  const db = openEmbeddedDatabase(data.dir);
  const source = createEmbeddedSource({ calls: 2_400, seed: 9_173, day: '2026-02-14' });
  const compiled = () => new CompiledLeads(db, source.corpus, TABLES);
  afterAll(() => {
    db.close();
    data.remove();
  });
  beforeAll(async () => {
    await createCallTables(db, TABLES);
    await writeCallTables(db, source.corpus, TABLES);
  });

  async function queries(): Promise<LeadQuery[]> {
    const all = (await source.leads({ limit: 500 })).items;
    const someone = all[3]!;
    const list: LeadQuery[] = [
      {},
      { limit: 500 },
      { limit: 7, offset: 11 },
      { offset: 100_000 },
      { temperature: 'hot' },
      { temperature: ['warm', 'cold'], limit: 200 },
      { stage: ['won', 'lost'] },
      { stage: 'proposal', temperature: 'hot' },
      { stage: [] },
      { ownerAgentId: someone.ownerAgentId },
      { ownerAgentId: [someone.ownerAgentId, 'agent-nope'], stage: someone.stage },
      { text: someone.name.split(' ')[1]!.toUpperCase() },
      { text: `  ${someone.campaign.slice(2, 7)}  ` },
      { text: 'PRICE' },
      { text: 'competitor', temperature: 'warm' },
      { text: '   ' },
      { text: "o'\\\u0000\t\n%_'--" },
      { text: 'nobody has this' },
    ];
    for (const field of ['score', 'name', 'stage'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        list.push({ sort: { field, direction }, limit: 40, offset: 5 });
        list.push({ sort: { field, direction }, temperature: 'warm', limit: 500 });
      }
    }
    return list;
  }

  async function agree() {
    for (const query of await queries()) {
      expect(await compiled().leads(query), JSON.stringify(query)).toEqual(
        await source.leads(query),
      );
    }
    const ids = (await source.leads({ limit: 500 })).items.map((l) => l.id);
    expect(ids.length).toBeGreaterThan(20);
    for (const id of [...ids.slice(0, 4), ids[ids.length - 1]!, 'lead-nope', "lead-'"]) {
      expect(await compiled().lead(id), id).toEqual(await source.lead(id));
    }
  }

  it('answers every filter, sort and page as the engine', agree);

  it('lays owners given by hand over the computed ones', async () => {
    const leads = (await source.leads({ limit: 30, sort: { field: 'name', direction: 'asc' } }))
      .items;
    const agents = (await source.catalog()).agents;
    // An owner the lead already had, and others it had not.
    await source.assignLeads({ leadIds: [leads[0]!.id], ownerAgentId: leads[0]!.ownerAgentId });
    await source.assignLeads({
      leadIds: leads.slice(1, 20).map((l) => l.id),
      ownerAgentId: agents[2]!.id,
    });
    await source.assignLeads({ leadIds: [leads[25]!.id], ownerAgentId: agents[0]!.id });
    const owned = await compiled().leads({ ownerAgentId: agents[2]!.id, limit: 500 });
    expect(owned!.items.map((l) => l.id)).toEqual(
      expect.arrayContaining(leads.slice(1, 20).map((l) => l.id)),
    );
    await agree();
  });

  it("orders names in the engine's string order, not the database's", async () => {
    // Names whose order differs between localeCompare and bytes: case, accents, apostrophes.
    const names = [
      'McDonald Ann',
      'Mcarthur Bo',
      'émile Zola',
      'Emile Abbot',
      "O'Neil Cy",
      'Oakes Di',
    ];
    const corpus = {
      ...source.corpus,
      leads: source.corpus.leads.map((l, k) => (k < names.length ? { ...l, name: names[k]! } : l)),
    };
    const tables = liveTableNames(2);
    await writeCallTables(db, corpus, tables);
    for (const direction of ['asc', 'desc'] as const) {
      const query: LeadQuery = { sort: { field: 'name', direction }, limit: 500 };
      expect(await new CompiledLeads(db, corpus, tables).leads(query)).toEqual(
        leads(corpus, query),
      );
    }
  });

  it('fills the leads table of a data directory stored before leads had one', async () => {
    const corpus = createEmbeddedSource({ calls: 600, seed: 3_301 }).corpus;
    await saveCorpus(db, corpus);
    await db.text(`TRUNCATE TABLE ${BASE_TABLES.leads}`);
    await ensureLeads(db, corpus);
    const query: LeadQuery = { limit: 500 };
    expect(await new CompiledLeads(db, corpus, BASE_TABLES).leads(query)).toEqual(
      leads(corpus, query),
    );
    expect(corpus.leads.length).toBeGreaterThan(0);
  });

  it('orders by no other field (the engine answers)', async () => {
    const query = { sort: { field: 'campaign', direction: 'asc' } } as unknown as LeadQuery;
    expect(await compiled().leads(query)).toBeNull();
  });
});
