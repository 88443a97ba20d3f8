/**
 * The corpus's hashSeed (src/data/corpus/prng.ts) as a ClickHouse expression, so a draw made
 * per call (the review queue's random sample) is made in the database exactly as the engine
 * makes it. 32-bit multiplications keep their low 32 bits, as Math.imul does; each step reads
 * the one before once (through a one-element array's lambda), so the expression stays small.
 */
const LOW_32 = 4294967295;

/** Math.imul(x, k) >>> 0 for a UInt32 x: the low 32 bits of the 64-bit product. */
const imul = (x: string, k: number) => `bitAnd(toUInt64(${x}) * ${k >>> 0}, ${LOW_32})`;
/** f(h) over the value of `x`, read once. */
const step = (x: string, f: (h: string) => string) => `arrayMap(h -> ${f('h')}, [${x}])[1]`;

/** hashSeed(a, column) for a constant `a` and a non-negative integer column. */
export function hashSeedSql(a: number, column: string): string {
  const first = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  const h0 = `bitXor(${first}, ${imul(`bitAnd(toUInt64(${column}) + ${0x632be5ab}, ${LOW_32})`, 0xc2b2ae35)})`;
  const h1 = step(h0, (h) => imul(`bitXor(${h}, bitShiftRight(${h}, 16))`, 0x7feb352d));
  const h2 = step(h1, (h) => imul(`bitXor(${h}, bitShiftRight(${h}, 15))`, 0x846ca68b));
  return step(h2, (h) => `bitXor(${h}, bitShiftRight(${h}, 16))`);
}
