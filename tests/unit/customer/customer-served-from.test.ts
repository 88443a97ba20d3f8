import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { customerServedFrom } from '../../../scripts/build/customer-target.ts';
import { repoRoot } from '../../../scripts/manifest/paths.ts';

describe('which customer a served site belongs to', () => {
  it('recognises a customer site by its build directory', () => {
    const acme = customerServedFrom(resolve(repoRoot, 'dist/customers/acme'));
    expect(acme?.name).toBe('acme');
    expect(acme?.generatedDir).toBe(resolve(repoRoot, '.cache/generated/acme'));
  });

  it('treats the product build and other directories as the product', () => {
    expect(customerServedFrom(resolve(repoRoot, 'dist'))).toBeUndefined();
    expect(customerServedFrom('/tmp/some-site')).toBeUndefined();
  });

  it('names the customers there are when the directory names an unknown one', () => {
    expect(() => customerServedFrom(resolve(repoRoot, 'dist/customers/acne'))).toThrow(
      /did you mean "acme"/,
    );
  });
});
