/** Small pieces the repeat and usage screens share: a counted drill link, differences, settings. */
import { AppLink } from '../../../runtime/index.ts';
import { QueryState, useQuery } from '../../../data/index.ts';

/** "+3.2 pp" / "−1.0 pp" / "0.0 pp": a rate against a reference, with a word for screen readers. */
export function ppDifference(value: number | null, reference: number | null) {
  if (value === null || reference === null) return '–';
  const pp = Math.round((value - reference) * 1000) / 10;
  const text = pp === 0 ? '0.0 pp' : `${pp > 0 ? '+' : '−'}${Math.abs(pp).toFixed(1)} pp`;
  return (
    <span data-tone={pp > 0 ? 'bad' : pp < 0 ? 'good' : 'neutral'} className="rc-diff">
      {text}
    </span>
  );
}

/** The repeat window and transfer merge in force, from the smart settings, with a link there. */
export function RepeatSettingsLine() {
  const settings = useQuery((s) => s.settings(), []);
  return (
    <QueryState query={settings} label="smart settings" isEmpty={() => false}>
      {(s) => (
        <p className="rc-settings" data-testid="repeat-settings">
          A repeat is the same customer calling again within{' '}
          <strong data-testid="repeat-window" data-value={s.smart.repeatWindowDays}>
            {s.smart.repeatWindowDays} {s.smart.repeatWindowDays === 1 ? 'day' : 'days'}
          </strong>
          ; calls less than{' '}
          <strong data-testid="transfer-window" data-value={s.smart.transferWindowMinutes}>
            {s.smart.transferWindowMinutes} minutes
          </strong>{' '}
          apart are one transferred contact.{' '}
          <AppLink route="smart-settings">Change in Smart settings</AppLink>
        </p>
      )}
    </QueryState>
  );
}
