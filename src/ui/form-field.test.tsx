// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field, fieldAria } from './form-field.tsx';

afterEach(cleanup);

function Title(props: { error?: string; help?: string }) {
  return (
    <Field label="Title" error={props.error} help={props.help} alert>
      {(control) => <input {...control} />}
    </Field>
  );
}

describe('Field', () => {
  it('ties the control to its label and, only while there is a problem, to the message', () => {
    const { rerender } = render(<Title help="Shown in the calendar." />);
    const box = screen.getByLabelText('Title');
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(box.getAttribute('aria-describedby')).toBe(`${box.id}-help`);
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<Title help="Shown in the calendar." error="Enter a title" />);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Enter a title');
    // The problem is read first, then the help.
    expect(box.getAttribute('aria-describedby')).toBe(`${message.id} ${box.id}-help`);
  });

  it('keeps a fixed id a page or a test names', () => {
    render(
      <Field id="cost-alerts" label="Alert at" error="Enter shares">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByLabelText('Alert at').id).toBe('cost-alerts');
    expect(document.getElementById('cost-alerts-error')?.textContent).toBe('Enter shares');
  });
});

describe('fieldAria', () => {
  it('names the ids given, in order, leaving out the absent ones', () => {
    expect(fieldAria(null, 'q-hint')).toEqual({
      'aria-invalid': undefined,
      'aria-describedby': 'q-hint',
    });
    expect(fieldAria('Bad query', 'q-problem', 'q-hint')).toEqual({
      'aria-invalid': true,
      'aria-describedby': 'q-problem q-hint',
    });
    const problem: string = '';
    expect(fieldAria(problem, problem && 'q-problem')).toEqual({
      'aria-invalid': undefined,
      'aria-describedby': undefined,
    });
  });
});
