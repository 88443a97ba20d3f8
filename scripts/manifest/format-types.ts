/**
 * Indents json-schema-to-typescript's unformatted output by bracket depth (two spaces) and
 * ends statements and members with semicolons. Loading and running prettier for this took
 * most of a fresh generation's time; the emitter's output is regular enough that depth is
 * all formatting needs. Brackets inside comments and string literals are not counted.
 */
export function formatTypes(code: string): string {
  const out: string[] = [];
  // Brackets still open, grouped by the line that opened them: a line opening several
  // (`sections: [{`) indents what follows by one level, not one per bracket.
  const open: number[] = [];
  let inComment = false;
  for (const raw of code.split('\n')) {
    const line = raw.trim();
    if (inComment || line.startsWith('/*')) {
      inComment = !line.endsWith('*/');
      // Comment bodies keep their " * " alignment under the opening "/**".
      const body = line.startsWith('*') ? ' ' + line : line;
      out.push('  '.repeat(open.length) + body);
      continue;
    }
    if (line === '') {
      out.push('');
      continue;
    }
    const { leadingClosers, rest } = countBrackets(line);
    let partlyClosed = false;
    for (let n = leadingClosers; n > 0; n--) {
      if (open.length === 0) break;
      open[open.length - 1]!--;
      if (open.at(-1) === 0) open.pop();
      else partlyClosed = n === 1;
    }
    out.push('  '.repeat(open.length - (partlyClosed ? 1 : 0)) + withSemicolon(line));
    if (rest > 0) {
      // `}, ...({` reopens inside the group it partly closed: same level as before.
      if (partlyClosed) open[open.length - 1]! += rest;
      else open.push(rest);
    } else {
      for (let n = -rest; n > 0 && open.length > 0; n--) {
        open[open.length - 1]!--;
        if (open.at(-1) === 0) open.pop();
      }
    }
  }
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}

/** Closers a line starts with (they dedent it), and the net brackets the rest opens. */
function countBrackets(line: string): { leadingClosers: number; rest: number } {
  let leadingClosers = 0;
  let rest = 0;
  let leading = true;
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    const closer = c === '}' || c === ']' || c === ')';
    if (leading && closer) {
      leadingClosers++;
      continue;
    }
    leading = false;
    if (c === '"' || c === "'") quote = c;
    else if (c === '{' || c === '[' || c === '(') rest++;
    else if (closer) rest--;
  }
  return { leadingClosers, rest };
}

/** A member or type alias ends with ";" unless the line opens a block or continues a list. */
function withSemicolon(line: string): string {
  if (/[{[(,;]$/.test(line) || line.startsWith('export interface') || line.endsWith('*/')) {
    return line;
  }
  // A line that only closes an interface body needs nothing; "}" closing a type literal
  // that ends a member does ("}" followed by a member on the next line).
  if (line === '}') return line;
  return line + ';';
}
