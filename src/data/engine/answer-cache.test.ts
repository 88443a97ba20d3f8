import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

/** A read that counts its runs and resolves (or fails) when told. */
function controlledRead(answer: string) {
  const read = {
    runs: 0,
    settle: (() => {}) as () => void,
    fail: (() => {}) as () => void,
    run: () => {
      read.runs++;
      return new Promise<string>((resolve, reject) => {
        read.settle = () => resolve(`${answer} ${read.runs}`);
        read.fail = () => reject(new Error('database gone'));
      });
    },
  };
  return read;
}

describe('AnswerCache', () => {
  it('reads once for askers at the same time and after, on the same state', async () => {
    const cache = new AnswerCache();
    const read = controlledRead('kpis');
    const first = cache.answer('kpis {}', read.run);
    const second = cache.answer('kpis {}', read.run);
    read.settle();
    expect(await first).toBe('kpis 1');
    expect(await second).toBe('kpis 1');
    expect(await cache.answer('kpis {}', read.run)).toBe('kpis 1');
    expect(read.runs).toBe(1);
  });

  it('reads again after a change, and never keeps a read that was under way across it', async () => {
    const cache = new AnswerCache();
    const read = controlledRead('kpis');
    const before = cache.answer('kpis {}', read.run);
    cache.changed();
    read.settle();
    expect(await before).toBe('kpis 1'); // its caller still gets an answer
    const after = cache.answer('kpis {}', read.run);
    read.settle();
    expect(await after).toBe('kpis 2');
    expect(read.runs).toBe(2);
  });

  it('does not keep a failure', async () => {
    const cache = new AnswerCache();
    const read = controlledRead('kpis');
    const failed = cache.answer('kpis {}', read.run);
    read.fail();
    await expect(failed).rejects.toThrow('database gone');
    const retried = cache.answer('kpis {}', read.run);
    read.settle();
    expect(await retried).toBe('kpis 2');
    expect(cache.size).toBe(1);
  });

  it('keeps other questions apart and drops the least recently asked when full', async () => {
    const cache = new AnswerCache(2);
    const reads = ['a', 'b', 'c'].map((name) => controlledRead(name));
    const ask = (k: number) => {
      const answer = cache.answer(`q${k}`, reads[k]!.run);
      reads[k]!.settle();
      return answer;
    };
    expect(await ask(0)).toBe('a 1');
    expect(await ask(1)).toBe('b 1');
    expect(await ask(0)).toBe('a 1'); // q0 asked again: q1 is now the oldest
    expect(await ask(2)).toBe('c 1');
    expect(cache.size).toBe(2);
    expect(await ask(0)).toBe('a 1');
    expect(await ask(1)).toBe('b 2');
  });
});
