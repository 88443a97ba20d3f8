/** The user's preferences: saved through the data source; a failed save keeps the choice. */
import { useState } from 'react';
import {
  DataSourceError,
  QueryState,
  useDataSource,
  useQuery,
  type UserPreferences,
} from '../../../data/index.ts';
import { Panel } from '../../../ui/screen-parts.tsx';

const CHOICES: {
  key: keyof UserPreferences;
  legend: string;
  help: string;
  options: { value: string; label: string }[];
}[] = [
  {
    key: 'inboxShows',
    legend: 'Inbox opens with',
    help: 'You can switch in the inbox at any time.',
    options: [
      { value: 'all', label: 'All alerts' },
      { value: 'unread', label: 'Unread alerts only' },
    ],
  },
  {
    key: 'reportDigest',
    legend: 'Quality report by email',
    help: 'Deliveries appear on your calendar.',
    options: [
      { value: 'daily', label: 'Every weekday' },
      { value: 'weekly', label: 'Every Monday' },
      { value: 'off', label: 'Off' },
    ],
  },
];

export function PreferencesForm() {
  const source = useDataSource();
  const saved = useQuery((s) => s.preferences(), []);
  const [draft, setDraft] = useState<Partial<UserPreferences>>({});
  const [status, setStatus] = useState<{ text: string; bad: boolean } | null>(null);
  return (
    <Panel title="Preferences" testId="preferences">
      <QueryState query={saved} label="your preferences" isEmpty={() => false}>
        {(prefs) => {
          const current = { ...prefs, ...draft };
          const dirty = CHOICES.some((c) => current[c.key] !== prefs[c.key]);
          return (
            <form
              className="st-form"
              onSubmit={(e) => {
                e.preventDefault();
                setStatus(null);
                source.savePreferences(draft).then(
                  () => {
                    setDraft({});
                    setStatus({ text: 'Preferences saved.', bad: false });
                  },
                  (error: unknown) =>
                    setStatus({
                      text: `Not saved: ${DataSourceError.from(error).message}. Your choices are kept.`,
                      bad: true,
                    }),
                );
              }}
            >
              {CHOICES.map((c) => (
                <fieldset key={c.key} className="st-fieldset">
                  <legend className="st-label">{c.legend}</legend>
                  <p className="st-field__help">{c.help}</p>
                  {c.options.map((o) => (
                    <label key={o.value} className="st-radio">
                      <input
                        type="radio"
                        name={c.key}
                        value={o.value}
                        checked={current[c.key] === o.value}
                        onChange={() => setDraft((d) => ({ ...d, [c.key]: o.value }))}
                      />{' '}
                      {o.label}
                    </label>
                  ))}
                </fieldset>
              ))}
              <div className="st-savebar">
                <button type="submit" className="an-button an-button--primary" disabled={!dirty}>
                  Save preferences
                </button>
                <p className="st-savebar__status" role="status">
                  <span className={status?.bad ? 'an-error' : undefined}>{status?.text}</span>
                </p>
              </div>
            </form>
          );
        }}
      </QueryState>
    </Panel>
  );
}
