import { describe, expect, it } from 'vitest';
import { tasksAfterFirstPaint, type TraceEvent } from './unattached-trace.ts';

const ORIGIN = 'https://127.0.0.1:4000';
const PAGE = 7;
const MAIN = 1;

/** A trace: Chromium's own pages, then ours committed at 1,000 ms and painted at 1,300 ms. */
function trace(extra: TraceEvent[] = []): TraceEvent[] {
  const at = (ms: number) => ms * 1000;
  const task = (pid: number, start: number, wall: number, cpu: number): TraceEvent => ({
    name: 'RunTask',
    ph: 'X',
    pid,
    tid: MAIN,
    ts: at(start),
    dur: at(wall),
    tdur: at(cpu),
  });
  const commit = (pid: number, ms: number, url: string, frame: string): TraceEvent => ({
    name: 'CommitLoad',
    ph: 'X',
    pid,
    tid: MAIN,
    ts: at(ms),
    args: { data: { url, frame, isMainFrame: true } },
  });
  return [
    { name: 'thread_name', ph: 'M', pid: PAGE, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', pid: 3, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
    // The browser's own page, in another renderer, with a long task of its own.
    commit(3, 500, 'chrome://omnibox-popup.top-chrome/', 'OMNI'),
    {
      name: 'firstContentfulPaint',
      ph: 'I',
      pid: 3,
      tid: MAIN,
      ts: at(600),
      args: { frame: 'OMNI' },
    },
    task(3, 700, 300, 250),
    // Ours: a task before the commit (not counted), one before its first paint, three after.
    task(PAGE, 800, 90, 80),
    commit(PAGE, 1000, `${ORIGIN}/page/login`, 'OURS'),
    task(PAGE, 1100, 120, 40),
    {
      name: 'firstContentfulPaint',
      ph: 'I',
      pid: PAGE,
      tid: MAIN,
      ts: at(1300),
      args: { frame: 'OURS' },
    },
    task(PAGE, 1400, 70, 60),
    task(PAGE, 1600, 95, 20),
    task(PAGE, 1800, 10, 8),
    {
      name: 'ResourceSendRequest',
      ph: 'I',
      pid: PAGE,
      tid: MAIN,
      ts: at(1050),
      args: { data: { url: `${ORIGIN}/assets/main-1.js` } },
    },
    ...extra,
  ];
}

describe('tasksAfterFirstPaint', () => {
  it("reads the page's renderer only, from its commit, and its longest task after FCP", () => {
    expect(tasksAfterFirstPaint(trace(), ORIGIN)).toEqual({
      fcp: 300,
      // The 95 ms task is the longest by wall time (what a long-task observer sees); its CPU
      // time is read with it. The 120 ms task ended before the first paint.
      longestWall: 95,
      longestCpu: 20,
      totalCpu: 40 + 60 + 20 + 8,
      requested: ['/assets/main-1.js'],
    });
  });

  it('has no figures without a commit of the origin or without its first paint', () => {
    expect(tasksAfterFirstPaint(trace(), 'https://example.test')).toBeUndefined();
    const unpainted = trace().filter((e) => !(e.name === 'firstContentfulPaint' && e.pid === PAGE));
    expect(tasksAfterFirstPaint(unpainted, ORIGIN)).toBeUndefined();
  });

  it('takes the last commit of the origin (a redirect back from sign-in)', () => {
    const later: TraceEvent = {
      name: 'CommitLoad',
      ph: 'X',
      pid: PAGE,
      tid: MAIN,
      ts: 1_500_000,
      args: { data: { url: `${ORIGIN}/`, frame: 'OURS', isMainFrame: true } },
    };
    const figures = tasksAfterFirstPaint(trace([later]), ORIGIN);
    // Its frame painted at 1,300 ms, before this commit: no paint of the new document.
    expect(figures).toBeUndefined();
  });
});
