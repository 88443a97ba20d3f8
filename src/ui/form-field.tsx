/**
 * A form field's parts, written once: the control tied to its problem and its help for screen
 * readers (aria-invalid while there is a problem, aria-describedby naming the message and the
 * help), and the problem said at the field. The rule builder began these (errorProps,
 * FieldError); every form of the app now takes them from here.
 */
import { useId, type ReactNode } from 'react';

/** What a control takes to be tied to its field: its id, and whether and by what it is described. */
export interface FieldControl {
  id: string;
  'aria-invalid'?: true | undefined;
  'aria-describedby'?: string | undefined;
}

/**
 * The attributes of a control that is invalid while `problem` holds, described by the ids given
 * in this order (those absent are left out): for fields whose message and help stand elsewhere.
 */
export function fieldAria(
  problem: unknown,
  ...describedBy: (string | false | null | undefined)[]
): Omit<FieldControl, 'id'> {
  const ids = describedBy.filter(Boolean).join(' ');
  return {
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': ids === '' ? undefined : ids,
  };
}

/** The attributes tying a field to its error message (see FieldError). */
export function errorProps(id: string, error: ReactNode) {
  return fieldAria(error, error ? `${id}-error` : undefined);
}

/** A field's problem, said under it (`role="alert"` where it should be read out as it comes). */
export function FieldError(props: { id: string; error: ReactNode; alert?: boolean }) {
  if (!props.error) return null;
  return (
    <span id={`${props.id}-error`} className="an-error" role={props.alert ? 'alert' : undefined}>
      {props.error}
    </span>
  );
}

export interface FieldProps {
  label: ReactNode;
  /** A fixed id where a page or a test names the control; else one of React's. */
  id?: string;
  /** The wrapper's class, the form's own layout: `an-field` in a row, `st-field` in settings. */
  className?: string;
  /** The `data-field` of the wrapper, where a form marks which value a field holds. */
  field?: string;
  /** The problem with the value, said under the control and marking it invalid. */
  error?: ReactNode;
  /** Read the problem out as it appears (a form checked while it is typed in). */
  alert?: boolean;
  /** What the value does, always under the control (after the problem). */
  help?: ReactNode;
  helpClassName?: string;
  /** The control, given its id and aria attributes: `{(c) => <input {...c} … />}`. */
  children: (control: FieldControl) => ReactNode;
}

/** A labelled control with its problem and its help, tied together for screen readers. */
export function Field(props: FieldProps) {
  const ownId = useId();
  const id = props.id ?? ownId;
  const helpId = props.help ? `${id}-help` : undefined;
  return (
    <div className={props.className ?? 'an-field'} data-field={props.field}>
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        ...fieldAria(props.error, props.error ? `${id}-error` : undefined, helpId),
      })}
      <FieldError id={id} error={props.error} alert={props.alert} />
      {props.help && (
        <p id={helpId} className={props.helpClassName}>
          {props.help}
        </p>
      )}
    </div>
  );
}
