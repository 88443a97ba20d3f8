import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markTreeShakable } from './react-router-production.ts';

const productionDir = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
  'production',
);
const productionFiles = readdirSync(productionDir)
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => readFileSync(join(productionDir, file), 'utf8'));

describe('markTreeShakable', () => {
  it('marks components and contexts pure and drops their developer-tools names', () => {
    const code = [
      'var RouteContext = React.createContext(null);',
      'RouteContext.displayName = "Route";',
      'var Link = React10.forwardRef(',
      '  function LinkWithRef({ to }, ref) {',
      '    return React10.createElement("a", { href: to, ref });',
      '  }',
      ');',
      'Link.displayName = "Link";',
      'var Kept = /* @__PURE__ */ React2.forwardRef(render);',
    ].join('\n');
    const out = markTreeShakable(code);
    expect(out).toContain('var RouteContext = /* @__PURE__ */ React.createContext(null);');
    expect(out).toContain('var Link = /* @__PURE__ */ React10.forwardRef(');
    expect(out).toContain('var Kept = /* @__PURE__ */ React2.forwardRef(render);');
    expect(out).not.toContain('displayName');
    expect(out).toContain('return React10.createElement("a", { href: to, ref });');
  });

  // The patterns follow the pinned react-router's production build: an upgrade that writes
  // them another way fails here instead of quietly putting the unused parts back in `main`.
  it("covers every name and every forwardRef/createContext of the installed react-router's build", () => {
    const marked = productionFiles.map(markTreeShakable).join('\n');
    expect(productionFiles.join('\n')).toMatch(/\.displayName = /);
    expect(marked).not.toMatch(/\.displayName = "/);
    expect(marked).toMatch(/@__PURE__ \*\/ React\d*\.forwardRef\(/);
    expect(
      marked.match(/(?<!@__PURE__ \*\/ )\bReact\d*\.(forwardRef|createContext)\(/g),
    ).toBeNull();
  });
});
