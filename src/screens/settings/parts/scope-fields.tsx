/** The scope of a rule: direction, queues, brands, vendors and agents (empty = all calls). */
import type { Catalog, Rule } from '../../../data/index.ts';
import { AgentPicker } from './agent-picker.tsx';
import { Select } from '../../../ui/form-controls.tsx';
import { Field } from '../../../ui/form-field.tsx';
import type { Problems } from './condition-editor.tsx';

type Scope = Rule['scope'];

export function ScopeFields(props: {
  scope: Scope;
  catalog: Catalog;
  onChange: (scope: Scope) => void;
  problems: Problems;
}) {
  const { scope, catalog, onChange } = props;
  const set = <K extends keyof Scope>(key: K, value: Scope[K] | undefined) => {
    const { [key]: _drop, ...rest } = scope;
    const empty = value === undefined || (Array.isArray(value) && value.length === 0);
    onChange(empty ? rest : { ...rest, [key]: value });
  };
  return (
    <div className="rb-row">
      <Select
        label="Direction"
        value={scope.direction ?? ''}
        options={[
          ['', 'Inbound and outbound'],
          ['inbound', 'Inbound only'],
          ['outbound', 'Outbound only'],
        ]}
        onChange={(v) => set('direction', (v || undefined) as Scope['direction'])}
        error={props.problems.get('scope.direction')}
      />
      <MultiSelect
        label="Queues"
        error={props.problems.get('scope.queues')}
        options={catalog.queues.map((q) => [q, q] as const)}
        value={scope.queues ?? []}
        onChange={(v) => set('queues', v)}
      />
      <MultiSelect
        label="Brands"
        error={props.problems.get('scope.brands')}
        options={catalog.brands.map((b) => [b, b] as const)}
        value={scope.brands ?? []}
        onChange={(v) => set('brands', v)}
      />
      <MultiSelect
        label="Vendors"
        error={props.problems.get('scope.vendorIds')}
        options={catalog.vendors.map((v) => [v.id, v.name] as const)}
        value={scope.vendorIds ?? []}
        onChange={(v) => set('vendorIds', v)}
      />
      <AgentPicker
        agents={catalog.agents}
        value={scope.agentIds ?? []}
        onChange={(v) => set('agentIds', v)}
      />
    </div>
  );
}

/** A native multiple select: keyboard friendly (Ctrl/Shift + arrows), and honest about count. */
function MultiSelect(props: {
  label: string;
  options: readonly (readonly [string, string])[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  return (
    <Field
      label={`${props.label} (${props.value.length === 0 ? 'all' : `${props.value.length} chosen`})`}
      className="an-field rb-field"
      error={props.error}
    >
      {(control) => (
        <select
          {...control}
          multiple
          size={4}
          value={[...props.value]}
          onChange={(e) => props.onChange([...e.target.selectedOptions].map((o) => o.value))}
        >
          {props.options.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
