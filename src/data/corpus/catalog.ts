/**
 * The fixed cast of the synthetic corpus: vendors, agents, queues, brands, products and
 * names (the dispositions are the product's own: src/domain/dispositions). Agents' and vendors' quality factors steer how often the
 * generated scripts include the right behaviours, so the screens show real differences.
 */
import type { Agent, Vendor } from '../../generated/data.types.ts';
import { createRandom, hashSeed } from './prng.ts';

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'Mateo',
  'Isabella',
  'Lucas',
  'Mia',
  'Levi',
  'Amelia',
  'Asher',
  'Harper',
  'James',
  'Evelyn',
  'Leo',
  'Abigail',
  'Ethan',
  'Priya',
  'Arjun',
  'Mei',
  'Kenji',
  'Fatima',
  'Omar',
  'Chloe',
  'Diego',
  'Grace',
  'Samuel',
  'Zoe',
  'Daniel',
  'Nora',
  'Hugo',
  'Aisha',
  'Tomás',
  'Lena',
  'Ravi',
  'Sara',
  'Jonah',
] as const;

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Patel',
  'Nguyen',
  'Kim',
  'Chen',
  'Singh',
  'Khan',
  'Okafor',
  'Rossi',
  'Novak',
  'Schmidt',
] as const;

export const QUEUES = ['Billing', 'Retention', 'Technical Support', 'Sales', 'General'] as const;
export type Queue = (typeof QUEUES)[number];

export const BRANDS = [
  'Northwind Mobile',
  'Contoso Broadband',
  'Fabrikam Energy',
  'Tailspin TV',
] as const;

/** Products per brand (index = brand index). */
export const PRODUCTS_BY_BRAND = [
  ['Unlimited Plan', 'Family Plan'],
  ['Fibre 500', 'Fibre 100'],
  ['Green Tariff', 'Fixed Tariff'],
  ['Sports Pack', 'Movies Pack'],
] as const;
export const PRODUCTS = PRODUCTS_BY_BRAND.flat();

export const LANGUAGES = ['en-US', 'en-GB', 'en-IN'] as const;
export const CAMPAIGNS = ['Spring upgrade', 'Win-back', 'Bundle offer', 'Referral'] as const;

const VENDOR_SPECS = [
  { name: 'Apex Contact Solutions', code: 'APX', sites: ['Manila', 'Cebu'], quality: 0.92 },
  { name: 'BluePeak Outsourcing', code: 'BPK', sites: ['Kraków'], quality: 0.85 },
  { name: 'Coral Bay Services', code: 'CBS', sites: ['Cape Town', 'Durban'], quality: 0.78 },
  { name: 'Delta Voice Partners', code: 'DVP', sites: ['Pune'], quality: 0.7 },
  { name: 'Evergreen CX', code: 'EVG', sites: ['Belfast'], quality: 0.95 },
  { name: 'Fjord Connect', code: 'FJC', sites: ['Lisbon', 'Porto'], quality: 0.88 },
  { name: 'Granite Teleservices', code: 'GTS', sites: ['Monterrey'], quality: 0.62 },
  { name: 'Harbor Line Support', code: 'HLS', sites: ['Kingston'], quality: 0.8 },
] as const;

const TEAM_NAMES = ['Aurora', 'Beacon', 'Cedar'] as const;

export interface CorpusCast {
  vendors: Vendor[];
  /** 0..1, how reliably the vendor's agents follow the script. */
  vendorQuality: Float32Array;
  agents: Agent[];
  /** 0..1 per agent. */
  agentSkill: Float32Array;
  agentVendor: Uint8Array;
  agentTeam: Uint8Array;
  agentSite: Uint8Array;
  teams: string[];
  sites: string[];
}

/** The demo organisation's directory, where its agents and the local provider's users sign in. */
export const DIRECTORY_DOMAIN = 'callscope.example';

/** An agent's sign-in name: given.family at the directory's domain, letters only ("Tomás" -> tomas). */
export function agentEmail(given: string, family: string): string {
  const part = (name: string) =>
    name
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
  return `${part(given)}.${part(family)}@${DIRECTORY_DOMAIN}`;
}

export function buildCast(seed: number, agentCount = 120): CorpusCast {
  const rand = createRandom(hashSeed(seed, 0x0ca57));
  const vendors: Vendor[] = VENDOR_SPECS.map((v, i) => ({
    id: `vendor-${String(i + 1).padStart(2, '0')}`,
    name: v.name,
    sites: [...v.sites],
    sla: {
      ahtMs: (330 + rand.int(0, 8) * 15) * 1000,
      qaScore: 0.8,
      complianceRate: 0.9,
      fcr: 0.72,
    },
    rateCard: {
      currency: 'USD',
      perHandledMinute: Math.round(rand.range(0.45, 0.9) * 100) / 100,
      perCall: 0.25,
    },
  }));
  const vendorQuality = Float32Array.from(VENDOR_SPECS, (v) => v.quality);
  const teams: string[] = [];
  const sites: string[] = [];
  for (const v of VENDOR_SPECS) {
    for (const t of TEAM_NAMES) teams.push(`${v.code} ${t}`);
    for (const s of v.sites) if (!sites.includes(s)) sites.push(s);
  }
  const agents: Agent[] = [];
  const agentSkill = new Float32Array(agentCount);
  const agentVendor = new Uint8Array(agentCount);
  const agentTeam = new Uint8Array(agentCount);
  const agentSite = new Uint8Array(agentCount);
  for (let i = 0; i < agentCount; i++) {
    const vendor = i % VENDOR_SPECS.length;
    const spec = VENDOR_SPECS[vendor]!;
    const team =
      vendor * TEAM_NAMES.length + (Math.floor(i / VENDOR_SPECS.length) % TEAM_NAMES.length);
    const site = spec.sites[Math.floor(i / VENDOR_SPECS.length) % spec.sites.length]!;
    const first = FIRST_NAMES[(i * 7 + 3) % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i * 11 + 5) % LAST_NAMES.length]!;
    agentSkill[i] = Math.min(1, Math.max(0.2, spec.quality + rand.gauss() * 0.12));
    agentVendor[i] = vendor;
    agentTeam[i] = team;
    agentSite[i] = sites.indexOf(site);
    const hired = new Date(Date.UTC(2019 + rand.int(0, 6), rand.int(0, 11), rand.int(1, 28)));
    agents.push({
      id: `agent-${String(i + 1).padStart(3, '0')}`,
      name: `${first} ${last}`,
      email: agentEmail(first, last),
      team: teams[team]!,
      vendorId: vendors[vendor]!.id,
      site,
      supervisor: `${FIRST_NAMES[(vendor * 5 + 1) % FIRST_NAMES.length]} ${LAST_NAMES[(vendor * 3 + 2) % LAST_NAMES.length]}`,
      hiredOn: hired.toISOString().slice(0, 10),
      languages: rand.chance(0.3) ? ['en-US', 'en-GB'] : ['en-US'],
    });
  }
  return {
    vendors,
    vendorQuality,
    agents,
    agentSkill,
    agentVendor,
    agentTeam,
    agentSite,
    teams,
    sites,
  };
}

export function customerName(index: number): string {
  const first = FIRST_NAMES[hashSeed(index, 17) % FIRST_NAMES.length]!;
  const last = LAST_NAMES[hashSeed(index, 29) % LAST_NAMES.length]!;
  return `${first} ${last}`;
}
