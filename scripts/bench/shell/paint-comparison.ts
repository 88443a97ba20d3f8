/**
 * Issue 18: how soon a page's real content paints, beside the libraries' floor app (react,
 * react-dom, react-router-dom and MSAL only, built in the same run) measured in the same runs.
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
   * What is compared with the floor's LCP, and the goal: `lcp` for pages whose content is
   * text the browser reports as LCP; `complete` where the content is data that arrives later
   * (the dashboard's tiles with their numbers).
   */
  compare: 'lcp' | 'complete';
  goal: number;
  /** Measure the second visit in the same browser (a returning user), beside the floor's. */
  repeat?: boolean;
}

export interface PaintComparisonOptions {
  browser: Browser;
  floorUrl: string;
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
    `complete ${ms(s.complete).padStart(7)}  CLS ${s.cls.toFixed(3)}  ` +
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
  for (const rate of rates) {
    const floorRuns = { cold: [] as PaintTimings[], repeat: [] as PaintTimings[] };
    const repeats = visits.some((visit) => visit.repeat);
    const pageRuns = visits.map(() => [] as PaintTimings[]);
    const visit = (v: PaintVisit) => paintTimings(browser, v.url, rate, v.storageState, v.repeat);
    // One discarded warm-up of each, so the first measured visit pays no start-up of its own.
    await paintTimings(browser, floorUrl, rate);
    for (const v of visits) await visit(v);
    for (let run = 0; run < runs; run++) {
      floorRuns.cold.push(await paintTimings(browser, floorUrl, rate));
      if (repeats)
        floorRuns.repeat.push(await paintTimings(browser, floorUrl, rate, undefined, true));
      for (const [i, v] of visits.entries()) pageRuns[i]!.push(await visit(v));
    }
    const floors = {
      cold: summarise(floorRuns.cold),
      repeat: repeats ? summarise(floorRuns.repeat) : undefined,
    };
    console.log(`\n  ${rate}x CPU`);
    console.log(`  ${describe('floor app', floors.cold)}`);
    if (floors.repeat) console.log(`  ${describe('floor app, second visit', floors.repeat)}`);
    for (const [i, visit] of visits.entries()) {
      const floor = (visit.repeat ? floors.repeat : floors.cold)!;
      const page = summarise(pageRuns[i]!);
      console.log(`  ${describe(visit.label, page)}`);
      const measured = visit.compare === 'lcp' ? page.lcp : page.complete;
      figures.push({
        label: `  ${visit.compare === 'lcp' ? 'LCP' : 'content'} ${visit.label} / floor LCP (${rate}x)`,
        value: measured / floor.lcp,
        budget: visit.goal,
        unit: 'x',
        note: `${ms(measured)} vs ${ms(floor.lcp)}; FCP ratio ${(page.fcp / floor.fcp).toFixed(2)}x; LCP ${ms(page.lcp)}`,
      });
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
