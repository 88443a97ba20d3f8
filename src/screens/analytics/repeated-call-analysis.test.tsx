// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStoredUser, writeStoredUser } from '../../auth/stored-user.ts';
import { demoSource, renderScreen } from '../../ui/screen-test-kit.tsx';
import RepeatedCallAnalysis from './repeated-call-analysis.tsx';
import { href } from '../../runtime/index.ts';

// The screen shows its data to a signed-in user.
beforeEach(() => writeStoredUser({ name: 'Sam', username: 'sam@example.com' }));
afterEach(() => {
  cleanup();
  clearStoredUser();
});

describe('Repeated-call analysis', () => {
  it('nests no block inside a paragraph, loading or loaded (React warned of a div in a p)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { container } = renderScreen(
        RepeatedCallAnalysis,
        href('repeated-call-analysis'),
        demoSource(),
      );
      // While its queries load, the period line shows their loading state.
      expect(container.querySelector('p div')).toBeNull();
      await screen.findByTestId('analysis-repeat-rate');
      expect(container.querySelector('p div')).toBeNull();
      const nesting = errors.mock.calls.filter((args) =>
        args.some(
          (a) => typeof a === 'string' && /cannot be a descendant of|validateDOMNesting/.test(a),
        ),
      );
      expect(nesting).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
