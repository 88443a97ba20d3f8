/**
 * Issue 18: how soon a page's real content paints, beside the libraries' floor app (react,
 * react-dom, react-router-dom and MSAL only, built in the same run) measured in the same runs;
 * issue 35: signed-in data pages beside the floor with data (./data-floor.ts), which also gets a
 * token and an answer from the same API before its numbers show.
 * The machine is shared, so the visits alternate (floor, then each page) and the figures that
 * count are the ratios of the medians; the load average is printed with them.
 */
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { loadavg } from 'node:os';
import type { Figure } from './budget.ts';
import { paintTimings, summarise, type PaintSummary, type PaintTimings } from './paint-timings.ts';

export interface PaintVisit {
  label: string;
  url: string;
  storageState?: BrowserContextOptions['storageState'];
  /**
   * The floor it is held against: the libraries' floor app (static text; its LCP is the mark)
   * or the floor with data (./data-floor.ts: token, one API answer, six tiles; its complete
   * content is the mark). Default: the libraries'.
   */
  floor?: 'library' | 'data';
  /**
   * What is compared with the floor's mark, each with its goal: `lcp` for pages whose content
   * is text the browser reports as LCP; `complete` where the content is data that arrives later
   * (the whole dashboard: charts and lists); `content` the first appearance of a selector (the
   * dashboard's tiles with their numbers).
   */
  goals: { lcp?: number; complete?: number; content?: { selector: string; goal: number } };
  /** Measure the second visit in the same browser (a returning user), beside the floor's. */
  repeat?: boolean;
}

/** The floor with data on the product's origin, signed in as the visits with an API are. */
export interface DataFloorVisit {
  url: string;
  storageState: BrowserContextOptions['storageState'];
}

export interface PaintComparisonOptions {
  browser: Browser;
  floorUrl: string;
  /** Needed when a visit is held against the floor with data. */
  dataFloor?: DataFloorVisit;
  visits: PaintVisit[];
  rates: number[];
  runs: number;
  /** The longest task after FCP allowed at 1x (issue 5's 50 ms). */
  longTaskMs: number;
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

const ms = (value: number) => `${value.toFixed(0)} ms`;

function describe(label: string, s: PaintSummary): string {
  return (
    `${label.padEnd(36)} FCP ${ms(s.fcp).padStart(7)}  LCP ${ms(s.lcp).padStart(7)}  ` +
    `complete ${ms(s.complete).padStart(7)}  ` +
    (s.content ? `content ${ms(s.content).padStart(7)}  ` : '') +
    `CLS ${s.cls.toFixed(3)}  ` +
    `longest task after FCP ${ms(s.longestTaskAfterFcp)}`
  );
}

/** Measures every visit at every rate and returns the figures to judge (ratios, CLS, tasks). */
export async function comparePaints(options: PaintComparisonOptions): Promise<Figure[]> {
  const { browser, floorUrl, visits, rates, runs } = options;
  const figures: Figure[] = [];
  console.log(
    `\nPaint timings beside the floor app (medians of ${runs} cold visits each, alternating)` +
      `\n  load average (1/5/15 min) at start: ${loadAverage()}`,
  );
  const { dataFloor } = options;
  if (!dataFloor && visits.some((visit) => visit.floor === 'data'))
    throw new Error(
      'comparePaints: a visit is held against the floor with data, which is not given',
    );
  for (const rate of rates) {
    const floorRuns = { cold: [] as PaintTimings[], repeat: [] as PaintTimings[] };
    const dataFloorRuns: PaintTimings[] = [];
    const repeats = visits.some((visit) => visit.repeat);
    const pageRuns = visits.map(() => [] as PaintTimings[]);
    const visit = (v: PaintVisit) =>
      paintTimings(browser, v.url, rate, v.storageState, v.repeat, v.goals.content?.selector);
    const visitDataFloor = () =>
      dataFloor ? paintTimings(browser, dataFloor.url, rate, dataFloor.storageState) : null;
    // One discarded warm-up of each, so the first measured visit pays no start-up of its own.
    await paintTimings(browser, floorUrl, rate);
    await visitDataFloor();
    for (const v of visits) await visit(v);
    for (let run = 0; run < runs; run++) {
      floorRuns.cold.push(await paintTimings(browser, floorUrl, rate));
      if (repeats)
        floorRuns.repeat.push(await paintTimings(browser, floorUrl, rate, undefined, true));
      const withData = await visitDataFloor();
      if (withData) dataFloorRuns.push(withData);
      for (const [i, v] of visits.entries()) pageRuns[i]!.push(await visit(v));
    }
    const floors = {
      cold: summarise(floorRuns.cold),
      repeat: repeats ? summarise(floorRuns.repeat) : undefined,
      data: dataFloor ? summarise(dataFloorRuns) : undefined,
    };
    console.log(`\n  ${rate}x CPU`);
    console.log(`  ${describe('floor app', floors.cold)}`);
    if (floors.repeat) console.log(`  ${describe('floor app, second visit', floors.repeat)}`);
    if (floors.data) console.log(`  ${describe('floor app with data', floors.data)}`);
    for (const [i, visit] of visits.entries()) {
      const page = summarise(pageRuns[i]!);
      console.log(`  ${describe(visit.label, page)}`);
      // The libraries' floor paints static text (its LCP); the floor with data, numbers.
      const withData = visit.floor === 'data';
      const floor = withData ? floors.data! : (visit.repeat ? floors.repeat : floors.cold)!;
      const mark = withData ? floor.complete : floor.lcp;
      const markName = withData ? 'floor with data, numbers' : 'floor LCP';
      const compared: [string, number, number | undefined][] = [
        ['LCP', page.lcp, visit.goals.lcp],
        ['complete', page.complete, visit.goals.complete],
        [visit.goals.content?.selector ?? '', page.content, visit.goals.content?.goal],
      ];
      for (const [what, measured, goal] of compared) {
        if (goal === undefined) continue;
        figures.push({
          label: `  ${what} ${visit.label} / ${markName} (${rate}x)`,
          value: measured / mark,
          budget: goal,
          unit: 'x',
          note: `${ms(measured)} vs ${ms(mark)}; FCP ratio ${(page.fcp / floor.fcp).toFixed(2)}x; LCP ${ms(page.lcp)}`,
        });
      }
      if (page.cls > 0) {
        figures.push({
          label: `  CLS ${visit.label} (${rate}x)`,
          value: page.cls,
          budget: 0,
          unit: 'x',
        });
      }
      if (rate === 1) {
        figures.push({
          label: `  longest task after FCP ${visit.label} (1x)`,
          value: page.longestTaskAfterFcp,
          budget: options.longTaskMs,
          unit: 'ms',
          note: `worst of the runs; ${page.medianTaskAfterFcp} ms in the median run`,
        });
      }
    }
  }
  console.log(`\n  load average (1/5/15 min) at end: ${loadAverage()}`);
  return figures;
}
