/** Which rules apply: inbound service calls must verify identity, outbound calls introduce the caller. */
import { useId } from 'react';
import type { CallDirection } from '../../../data/index.ts';

export function CallTypeField(props: {
  value: CallDirection;
  onChange: (d: CallDirection) => void;
}) {
  const id = useId();
  return (
    <div className="an-field">
      <label htmlFor={id}>Call type (which rules apply)</label>
      <select
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as CallDirection)}
      >
        <option value="inbound">Inbound service call</option>
        <option value="outbound">Outbound call</option>
      </select>
    </div>
  );
}
