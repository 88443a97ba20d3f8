import { AppLink, useRouteQuery, type RoutePath } from '../../runtime/index.ts';
import { PlannedScreen } from '../parts/planned-screen.tsx';

const sections = {
  profile: {
    title: 'Profile',
    shows: [
      'Your name, photo and sign-in account',
      'Language and time zone',
      'Notification preferences',
    ],
  },
  inbox: {
    title: 'Inbox',
    shows: [
      'Alerts from rules and cost caps',
      'Disputed evaluations waiting for you',
      'Shared searches and reports',
    ],
  },
  calendar: {
    title: 'Calendar',
    shows: ['Calibration sessions and coaching meetings', 'Scheduled reports and their recipients'],
  },
} as const;

const configuration: readonly { to: RoutePath; label: string }[] = [
  { to: '/settings/agent-quality-metrics', label: 'Agent quality metrics' },
  { to: '/settings/compliance-rules-list', label: 'Compliance rules' },
  { to: '/settings/smart-settings', label: 'Smart settings' },
  { to: '/settings/cost-control-settings', label: 'Cost control' },
  { to: '/settings/recording-meta-upload', label: 'Recording metadata upload' },
];

export default function Settings() {
  const { section } = useRouteQuery('/settings');
  const personal = section ? sections[section] : undefined;
  return (
    <PlannedScreen
      shows={
        personal?.shows ?? [
          'Your profile, inbox and calendar',
          'Entry to every configuration screen',
        ]
      }
    >
      <section className="card" aria-labelledby="settings-sections-title">
        <h2 id="settings-sections-title">{personal ? personal.title : 'Configuration'}</h2>
        <ul>
          {configuration.map((entry) => (
            <li key={entry.to}>
              <AppLink to={entry.to}>{entry.label}</AppLink>
            </li>
          ))}
        </ul>
      </section>
    </PlannedScreen>
  );
}
