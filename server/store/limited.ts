/**
 * At most `slots` statements in the database at once; the rest wait their turn in order. On two
 * cores, a hundred concurrent dashboard queries each asking for every core run slower in total
 * than the same queries a few at a time, and the waiting happens here, not in 503s.
 */
import type { Database } from './database.ts';

export function limitConcurrency(db: Database, slots: number): Database {
  let running = 0;
  const waiting: (() => void)[] = [];
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
  return {
    text: (sql, format) => run(() => db.text(sql, format)),
    bytes: (sql) => run(() => db.bytes(sql)),
    insertTsv: (table, columns, rows) => run(() => db.insertTsv(table, columns, rows)),
    close: () => db.close(),
  };
}
