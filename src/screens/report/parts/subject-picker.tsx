/**
 * Choose the report card's subject by typing: a combobox over every agent, team and vendor
 * (the ARIA 1.2 combobox pattern: the input keeps focus, arrow keys move the active option,
 * Enter chooses it, Escape closes the list). Choosing writes the subject into the address.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { KIND_NOUNS, matchSubjects, type Subject } from './subject.ts';

export function SubjectPicker(props: {
  options: readonly Subject[];
  current: Subject | null;
  onChoose: (subject: Subject) => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => matchSubjects(props.options, text), [props.options, text]);

  const choose = (subject: Subject | undefined) => {
    if (!subject) return;
    props.onChoose(subject);
    setText('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (matches.length === 0 ? 0 : (a + step + matches.length) % matches.length));
    } else if (event.key === 'Enter') {
      if (open && matches[active]) {
        event.preventDefault();
        choose(matches[active]);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
      } else setText('');
    }
  };

  const expanded = open && matches.length > 0;
  return (
    <div className="rp-subject">
      <div className="an-field">
        <label htmlFor={id}>Agent, team or vendor</label>
        <input
          id={id}
          className="an-input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded ? `${id}-opt-${active}` : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          placeholder={props.current ? `${props.current.label} — type to change` : 'Type a name'}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(text.length > 0)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          data-testid="subject-input"
        />
        <span id={`${id}-hint`} className="sr-only">
          Type part of a name, then choose with the arrow keys and Enter.
        </span>
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching agents, teams and vendors"
          className="rp-options"
          hidden={!expanded}
        >
          {matches.map((o, i) => (
            <li
              key={`${o.kind}:${o.key}`}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className="rp-option"
              // Choose before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
              onMouseEnter={() => setActive(i)}
              data-testid="subject-option"
            >
              <span>
                {o.label}
                <span className="an-cell-sub">{o.detail}</span>
              </span>
              <span className="rp-option__kind">{KIND_NOUNS[o.kind].one}</span>
            </li>
          ))}
        </ul>
        {open && text.length > 0 && matches.length === 0 && (
          <p className="muted" role="status">
            No agent, team or vendor matches “{text}”.
          </p>
        )}
      </div>
    </div>
  );
}
