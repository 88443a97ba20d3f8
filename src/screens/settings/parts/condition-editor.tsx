/**
 * The condition tree of a rule, edited in place: groups (all / any), not, and the leaves
 * (phrase with speaker, window and NEAR; sentiment; silence; interruptions; call attribute).
 * Problems come from the source's own validation (paths like `condition.all[0].phrase.terms`)
 * and are shown at the field they are about.
 */
import { useId, useState } from 'react';
import type { Catalog, RuleCondition } from '../../../data/index.ts';
import { NumberField, Select } from '../../../ui/form-controls.tsx';
import { Field, FieldError } from '../../../ui/form-field.tsx';

export type Problems = ReadonlyMap<string, string>;

type Kind =
  'all' | 'any' | 'not' | 'phrase' | 'sentiment' | 'nonTalk' | 'interruptions' | 'attribute';

const KIND_LABELS: Record<Kind, string> = {
  all: 'All of (group)',
  any: 'Any of (group)',
  not: 'Not (negate a condition)',
  phrase: 'Phrase said',
  sentiment: 'Sentiment',
  nonTalk: 'Silence longer than',
  interruptions: 'Interruptions more than',
  attribute: 'Call attribute',
};

export function kindOf(c: RuleCondition): Kind {
  return Object.keys(c).find((k) => k !== 'negate') as Kind;
}

export function newCondition(kind: Kind): RuleCondition {
  switch (kind) {
    case 'all':
      return { all: [newCondition('phrase')] };
    case 'any':
      return { any: [newCondition('phrase')] };
    case 'not':
      return { not: newCondition('phrase') };
    case 'phrase':
      return { phrase: { terms: [''] } };
    case 'sentiment':
      return { sentiment: { speaker: 'CUSTOMER', part: 'end', below: -1 } };
    case 'nonTalk':
      return { nonTalk: { overSec: 30 } };
    case 'interruptions':
      return { interruptions: { over: 3 } };
    case 'attribute':
      return { attribute: { field: 'queue', in: [] as unknown as [string] } };
  }
}

interface NodeProps {
  value: RuleCondition;
  onChange: (next: RuleCondition) => void;
  onRemove?: () => void;
  path: string;
  problems: Problems;
  catalog: Catalog;
  depth: number;
}

export function ConditionEditor(props: NodeProps) {
  const { value, onChange, path, problems } = props;
  const kind = kindOf(value);
  const group = kind === 'all' || kind === 'any' || kind === 'not';
  const headId = useId();
  const own = problems.get(path) ?? problems.get(`${path}.${kind}`);
  return (
    <fieldset
      className={`rb-node ${group ? 'rb-node--group' : ''}`}
      data-invalid={own ? 'true' : undefined}
      aria-labelledby={headId}
      data-testid="condition-node"
    >
      <div className="rb-node__head">
        <legend id={headId} className="sr-only">
          Condition {path.replace(/^condition/, 'root')}: {KIND_LABELS[kind]}
        </legend>
        <div className="an-field">
          <label htmlFor={`${headId}-kind`}>Condition</label>
          <select
            id={`${headId}-kind`}
            value={kind}
            onChange={(e) => onChange(changeKind(value, e.target.value as Kind))}
          >
            {(Object.keys(KIND_LABELS) as Kind[]).map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        {props.onRemove && (
          <button type="button" className="an-button an-button--small" onClick={props.onRemove}>
            Remove<span className="sr-only"> this condition</span>
          </button>
        )}
      </div>
      {own && <p className="an-error">{own}</p>}
      <NodeBody {...props} kind={kind} />
    </fieldset>
  );
}

/** Switching kind keeps the children of a group where it can (all ↔ any ↔ not). */
function changeKind(value: RuleCondition, kind: Kind): RuleCondition {
  const children =
    'all' in value ? value.all : 'any' in value ? value.any : 'not' in value ? [value.not] : null;
  if (children && (kind === 'all' || kind === 'any'))
    return (kind === 'all' ? { all: children } : { any: children }) as RuleCondition;
  if (children && kind === 'not') return { not: children[0]! };
  return newCondition(kind);
}

function NodeBody(props: NodeProps & { kind: Kind }) {
  const { value, onChange, path, problems, catalog, depth } = props;
  if ('all' in value || 'any' in value) {
    const key = 'all' in value ? 'all' : 'any';
    const list = ('all' in value ? value.all : value.any) as RuleCondition[];
    const set = (next: RuleCondition[]) =>
      onChange((key === 'all' ? { all: next } : { any: next }) as RuleCondition);
    return (
      <div className="rb-node__children">
        {list.map((child, k) => (
          <ConditionEditor
            key={k}
            value={child}
            onChange={(c) => set(list.map((x, j) => (j === k ? c : x)))}
            onRemove={list.length > 1 ? () => set(list.filter((_, j) => j !== k)) : undefined}
            path={`${path}.${key}[${k}]`}
            problems={problems}
            catalog={catalog}
            depth={depth + 1}
          />
        ))}
        <AddCondition onAdd={(c) => set([...list, c])} />
      </div>
    );
  }
  if ('not' in value)
    return (
      <div className="rb-node__children">
        <ConditionEditor
          value={value.not}
          onChange={(c) => onChange({ not: c })}
          path={`${path}.not`}
          problems={problems}
          catalog={catalog}
          depth={depth + 1}
        />
      </div>
    );
  if ('phrase' in value) return <PhraseFields {...props} value={value} />;
  if ('sentiment' in value) {
    const s = value.sentiment;
    const set = (patch: Partial<typeof s>) => onChange({ sentiment: { ...s, ...patch } });
    const p = `${path}.sentiment`;
    return (
      <div className="rb-row">
        <Select
          label="Whose"
          value={s.speaker}
          options={[
            ['CUSTOMER', 'Customer'],
            ['AGENT', 'Agent'],
          ]}
          onChange={(v) => set({ speaker: v as typeof s.speaker })}
          error={problems.get(`${p}.speaker`)}
        />
        <Select
          label="Part of the call"
          value={s.part}
          options={[
            ['overall', 'Whole call'],
            ['start', 'First quarter'],
            ['end', 'Last quarter'],
          ]}
          onChange={(v) => set({ part: v as typeof s.part })}
          error={problems.get(`${p}.part`)}
        />
        <NumberField
          label="Below (−5 to 5)"
          value={s.below}
          step={0.1}
          onChange={(v) => set({ below: v })}
          error={problems.get(`${p}.below`)}
        />
        <NumberField
          label="Above (−5 to 5)"
          value={s.above}
          step={0.1}
          onChange={(v) => set({ above: v })}
          error={problems.get(`${p}.above`)}
        />
      </div>
    );
  }
  if ('nonTalk' in value)
    return (
      <div className="rb-row">
        <NumberField
          label="Silence longer than (seconds)"
          value={value.nonTalk.overSec}
          onChange={(v) => onChange({ nonTalk: { overSec: v ?? NaN } })}
          error={problems.get(`${path}.nonTalk.overSec`)}
        />
      </div>
    );
  if ('interruptions' in value) {
    const i = value.interruptions;
    return (
      <div className="rb-row">
        <NumberField
          label="More than (interruptions)"
          value={i.over}
          onChange={(v) => onChange({ interruptions: { ...i, over: v ?? NaN } })}
          error={problems.get(`${path}.interruptions.over`)}
        />
        <Select
          label="Started by"
          value={i.by ?? ''}
          options={[
            ['', 'Either party'],
            ['AGENT', 'Agent'],
            ['CUSTOMER', 'Customer'],
          ]}
          onChange={(v) => {
            const { by: _by, ...rest } = i;
            onChange({ interruptions: v ? { ...rest, by: v as 'AGENT' | 'CUSTOMER' } : rest });
          }}
        />
      </div>
    );
  }
  return <AttributeFields {...props} value={value} />;
}

function AddCondition({ onAdd }: { onAdd: (c: RuleCondition) => void }) {
  const id = useId();
  const [kind, setKind] = useState<Kind>('phrase');
  return (
    <div className="rb-row">
      <div className="an-field">
        <label htmlFor={id}>Add to this group</label>
        <select id={id} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {(Object.keys(KIND_LABELS) as Kind[]).map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="an-button an-button--small"
        onClick={() => onAdd(newCondition(kind))}
      >
        Add condition
      </button>
    </div>
  );
}

type PhraseCondition = Extract<RuleCondition, { phrase: unknown }>;

function PhraseFields(props: NodeProps & { value: PhraseCondition }) {
  const { value, onChange, path, problems } = props;
  const p = value.phrase;
  const at = `${path}.phrase`;
  const set = (patch: Partial<typeof p>, negate = value.negate) =>
    onChange({ phrase: { ...p, ...patch }, ...(negate ? { negate: true } : {}) });
  return (
    <div className="rb-form">
      <div className="rb-row">
        <TermsField
          label="Terms (comma-separated; any of them)"
          terms={p.terms}
          onChange={(terms) => set({ terms: terms as typeof p.terms })}
          error={problems.get(`${at}.terms`)}
        />
        <Select
          label="Said by"
          value={p.speaker ?? ''}
          options={[
            ['', 'Anyone'],
            ['AGENT', 'Agent'],
            ['CUSTOMER', 'Customer'],
            ['IVR', 'IVR'],
          ]}
          onChange={(v) => {
            const { speaker: _s, ...rest } = p;
            onChange({
              phrase: v ? { ...rest, speaker: v as 'AGENT' } : rest,
              ...(value.negate ? { negate: true } : {}),
            });
          }}
          error={problems.get(`${at}.speaker`)}
        />
        <label className="rb-check">
          <input
            type="checkbox"
            checked={value.negate === true}
            onChange={(e) => set({}, e.target.checked)}
          />
          Hit when none is said
        </label>
      </div>
      <div className="rb-row">
        <NumberField
          label="Only in the first N seconds"
          value={p.window?.firstSec}
          onChange={(v) => set({ window: cleanWindow({ ...p.window, firstSec: v }) })}
          error={problems.get(`${at}.window.firstSec`)}
        />
        <NumberField
          label="Only in the last N seconds"
          value={p.window?.lastSec}
          onChange={(v) => set({ window: cleanWindow({ ...p.window, lastSec: v }) })}
          error={problems.get(`${at}.window.lastSec`)}
        />
      </div>
      <div className="rb-row">
        <TermsField
          label="NEAR: within N words of (optional)"
          terms={p.near?.terms ?? []}
          onChange={(terms) =>
            set({
              near:
                terms.length === 0
                  ? undefined
                  : { terms: terms as [string], words: p.near?.words ?? 10 },
            })
          }
          error={problems.get(`${at}.near.terms`)}
        />
        {p.near && (
          <NumberField
            label="NEAR distance (words)"
            value={p.near.words}
            onChange={(v) => set({ near: { ...p.near!, words: v ?? NaN } })}
            error={problems.get(`${at}.near.words`)}
          />
        )}
      </div>
    </div>
  );
}

function cleanWindow(w: { firstSec?: number; lastSec?: number }) {
  const out: { firstSec?: number; lastSec?: number } = {};
  if (w.firstSec !== undefined) out.firstSec = w.firstSec;
  if (w.lastSec !== undefined) out.lastSec = w.lastSec;
  return Object.keys(out).length > 0 ? out : undefined;
}

type AttributeCondition = Extract<RuleCondition, { attribute: unknown }>;
const ATTRIBUTE_LABELS: [AttributeCondition['attribute']['field'], string][] = [
  ['queue', 'Queue'],
  ['brand', 'Brand'],
  ['product', 'Product'],
  ['language', 'Language'],
  ['direction', 'Direction'],
  ['disposition', 'Disposition'],
  ['durationSec', 'Duration (seconds)'],
];

function AttributeFields(props: NodeProps & { value: AttributeCondition }) {
  const { value, onChange, path, problems, catalog } = props;
  const a = value.attribute;
  const at = `${path}.attribute`;
  const choices: string[] =
    a.field === 'queue'
      ? catalog.queues
      : a.field === 'brand'
        ? catalog.brands
        : a.field === 'product'
          ? catalog.products
          : a.field === 'language'
            ? catalog.languages
            : a.field === 'direction'
              ? ['inbound', 'outbound']
              : a.field === 'disposition'
                ? catalog.dispositions.map((d) => d.code)
                : [];
  return (
    <div className="rb-row">
      <Select
        label="Attribute"
        value={a.field}
        options={ATTRIBUTE_LABELS}
        onChange={(v) =>
          onChange({
            attribute:
              v === 'durationSec'
                ? { field: 'durationSec', over: 60 }
                : { field: v as 'queue', in: [] as unknown as [string] },
          })
        }
        error={problems.get(`${at}.field`)}
      />
      {a.field === 'durationSec' ? (
        <>
          <NumberField
            label="Longer than (s)"
            value={a.over}
            onChange={(v) => onChange({ attribute: withNumber(a, 'over', v) })}
          />
          <NumberField
            label="Shorter than (s)"
            value={a.under}
            onChange={(v) => onChange({ attribute: withNumber(a, 'under', v) })}
          />
          {problems.get(at) && <p className="an-error">{problems.get(at)}</p>}
        </>
      ) : (
        <ChoiceList
          label={`Is one of`}
          choices={choices}
          selected={a.in ?? []}
          onChange={(list) => onChange({ attribute: { ...a, in: list as [string] } })}
          error={problems.get(`${at}.in`)}
        />
      )}
    </div>
  );
}

function withNumber(
  a: AttributeCondition['attribute'],
  key: 'over' | 'under',
  v: number | undefined,
): AttributeCondition['attribute'] {
  const { [key]: _drop, ...rest } = a;
  return v === undefined ? rest : { ...rest, [key]: v };
}

// ---------------------------------------------------------------- fields

/** Comma-separated phrases; the text stays as typed while the list follows it. */
function TermsField(props: {
  label: string;
  terms: readonly string[];
  onChange: (terms: string[]) => void;
  error?: string;
}) {
  const [text, setText] = useState(props.terms.join(', '));
  return (
    <Field label={props.label} className="an-field an-field--grow rb-field" error={props.error}>
      {(control) => (
        <input
          {...control}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            props.onChange(
              e.target.value
                .split(',')
                .map((t) => t.trim())
                .filter((t) => t !== ''),
            );
          }}
        />
      )}
    </Field>
  );
}

function ChoiceList(props: {
  label: string;
  choices: readonly string[];
  selected: readonly string[];
  onChange: (list: string[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className="an-field an-field--grow rb-field"
      aria-describedby={props.error ? `${id}-error` : undefined}
    >
      <legend className="an-field__label">{props.label}</legend>
      <div className="rb-row">
        {props.choices.map((c) => (
          <label key={c} className="rb-check">
            <input
              type="checkbox"
              checked={props.selected.includes(c)}
              onChange={(e) =>
                props.onChange(
                  e.target.checked ? [...props.selected, c] : props.selected.filter((x) => x !== c),
                )
              }
            />
            {c}
          </label>
        ))}
      </div>
      <FieldError id={id} error={props.error} />
    </fieldset>
  );
}
