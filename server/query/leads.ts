/**
 * The leads list and a lead, compiled to ClickHouse SQL over the leads table of the pinned
 * generation (store/lead-table.ts), mirroring the engine's `leads` and `lead`
 * (src/data/engine/records.ts) test for test: the database filters by temperature, stage,
 * owner and text, counts, orders (score, name or stage, ties by id) and pages, and gives the
 * leads' fields. Owners given by hand (assignLeads) are not in a table yet: they are read from
 * the engine's corpus, as the compiled reads read their dictionaries, and laid over the
 * computed owner in SQL. A lead's call rows and where its signals were heard are made by the
 * engine's builders (callRow, leadEvidence: the transcripts are rebuilt from the seed).
 */
import { callIndex, type Corpus } from '../../src/data/corpus/corpus.ts';
import { asList } from '../../src/data/filters.ts';
import { leadEvidence } from '../../src/data/engine/lead-evidence.ts';
import { exportLeadOwners } from '../../src/data/engine/lead-owners.ts';
import { page } from '../../src/data/engine/page.ts';
import { callRow } from '../../src/data/engine/rows.ts';
import type { LeadDetail, LeadQuery, Page } from '../../src/data/source.ts';
import type { Lead } from '../../src/generated/data.types.ts';
import type { Database } from '../store/database.ts';
import type { CallTableNames } from '../store/corpus-table.ts';

const STAGES: readonly Lead['stage'][] = [
  'new',
  'contacted',
  'qualified',
  'proposal',
  'won',
  'lost',
];

/**
 * A string as a ClickHouse literal with every control character, quote and backslash as an
 * escape, so no text a client sends can end or break the statement.
 */
function literal(value: string): string {
  const escaped = value.replace(
    /[\u0000-\u001f\u007f'\\]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  return `'${escaped}'`;
}

/** `column IN (the strings listed)`, or false when none is a string. */
function inStrings(column: string, values: readonly unknown[]): string {
  const strings = values.filter((v): v is string => typeof v === 'string');
  return strings.length === 0 ? '0' : `${column} IN (${strings.map(literal).join(', ')})`;
}

/** The fields of a lead, in the Lead's order, as the table holds them. */
const FIELDS =
  'id, name, phone, campaign, owner, customer_id, stage, score, temperature, signals, next_action, call_ids';

type LeadRow = [
  id: string,
  name: string,
  phone: string,
  campaign: string,
  owner: string,
  customerId: string,
  stage: Lead['stage'],
  score: number,
  temperature: Lead['temperature'],
  signals: string[],
  nextAction: string,
  callIds: string[],
];

function leadOf(row: LeadRow): Lead {
  const [id, name, phone, campaign, ownerAgentId, customerId, stage, score] = row;
  const [, , , , , , , , temperature, signals, nextAction, callIds] = row;
  return {
    id,
    name,
    phone,
    campaign,
    ownerAgentId,
    customerId,
    stage,
    score,
    temperature,
    signals,
    nextAction,
    callIds,
  };
}

export class CompiledLeads {
  constructor(
    private readonly db: Database,
    private readonly corpus: Corpus,
    private readonly tables: CallTableNames,
  ) {}

  /** The lead's owner: the one given by hand, else the one computed from its calls. */
  private ownerSql(): string {
    const given = exportLeadOwners(this.corpus);
    if (given.length === 0) return 'owner_agent_id';
    const ids = given.map(([lead]) => literal(lead)).join(', ');
    const owners = given.map(([, agent]) => literal(agent)).join(', ');
    return `transform(id, [${ids}], [${owners}], owner_agent_id)`;
  }

  /** The leads table of this generation with each lead's current owner. */
  private leadsSql(): string {
    return `(SELECT *, ${this.ownerSql()} AS owner FROM ${this.tables.leads})`;
  }

  private async rows(sql: string): Promise<Lead[]> {
    const text = await this.db.text(sql, 'JSONCompactEachRow');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => leadOf(JSON.parse(line) as LeadRow));
  }

  /**
   * A page of leads; null when its order is by a field the database does not order by (the
   * engine answers).
   */
  async leads(query: LeadQuery): Promise<Page<Lead> | null> {
    const { offset, limit } = page(query);
    const temperature = asList(query.temperature);
    const stage = asList(query.stage);
    const owner = asList(query.ownerAgentId);
    const text = query.text?.trim().toLowerCase();
    const sort = query.sort ?? { field: 'score', direction: 'desc' };
    const key =
      sort.field === 'score'
        ? 'score'
        : sort.field === 'name'
          ? 'name_rank'
          : sort.field === 'stage'
            ? // The stages in the engine's string order.
              `indexOf([${[...STAGES]
                .sort((a, b) => a.localeCompare(b))
                .map(literal)
                .join(', ')}], stage)`
            : null;
    if (key === null) return null;
    const where = [
      ...(temperature ? [inStrings('temperature', temperature)] : []),
      ...(stage ? [inStrings('stage', stage)] : []),
      ...(owner ? [inStrings('owner', owner)] : []),
      ...(text ? [`arrayExists(s -> position(s, ${literal(text)}) > 0, search_text)`] : []),
    ];
    const from = `${this.leadsSql()} WHERE ${where.length === 0 ? '1' : where.join(' AND ')}`;
    const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
    const [count, items] = await Promise.all([
      this.db.text(`SELECT count() FROM ${from}`),
      this.rows(
        `SELECT ${FIELDS} FROM ${from} ORDER BY ${key} ${direction}, id ASC LIMIT ${limit} OFFSET ${offset}`,
      ),
    ]);
    return { total: Number(count.trim()), offset, limit, items };
  }

  /** A lead with its calls' rows and where its signals were heard (null: no such lead). */
  async lead(id: string): Promise<LeadDetail | null> {
    if (typeof id !== 'string') return null;
    const [lead] = await this.rows(
      `SELECT ${FIELDS} FROM ${this.leadsSql()} WHERE id = ${literal(id)} LIMIT 1`,
    );
    if (!lead) return null;
    return {
      lead,
      calls: lead.callIds.map((cid) => callRow(this.corpus, callIndex(cid, this.corpus.n))),
      evidence: leadEvidence(this.corpus, lead),
    };
  }
}
