/**
 * Settings `/settings`: the entry to every configuration screen, and the user menu's personal
 * sections (`?section=profile|inbox|calendar`): the signed-in account and preferences; the
 * inbox of alerts raised by rules, the cost cap and disputes, with read/unread; the calendar of
 * evaluations due, calibration sessions and report deliveries. An unknown section is named by the shell's address notice.
 */
import { useStoredUser, signedInAccount } from '../../auth/index.ts';
import { ROLES, useRoles } from '../../auth/permissions.ts';
import { AppLink, useRouteQuery, type LinkableRouteId } from '../../runtime/index.ts';
import '../../ui/analytics.css';
import { Panel } from '../../ui/screen-parts.tsx';
import { CalendarSection } from './personal/calendar-section.tsx';
import { InboxSection } from './personal/inbox-section.tsx';
import { PreferencesForm } from './personal/preferences-form.tsx';
import './settings.css';

const configuration: readonly { route: LinkableRouteId; label: string; what: string }[] = [
  {
    route: 'agent-quality-metrics',
    label: 'Agent quality metrics',
    what: 'Evaluation forms: sections, questions, scores and versions.',
  },
  {
    route: 'compliance-rules-list',
    label: 'Compliance rules',
    what: 'Every rule with its scope, severity, version and pass rate.',
  },
  {
    route: 'smart-settings',
    label: 'Smart settings',
    what: 'Thresholds for silence, repeats, transfers, short calls, churn and fake calls.',
  },
  {
    route: 'cost-control-settings',
    label: 'Cost control',
    what: 'Sampling, duration limits, the monthly cap and its alerts.',
  },
  {
    route: 'recording-meta-upload',
    label: 'Recording metadata upload',
    what: 'Queue, brand, product, language or disposition from a CSV file.',
  },
  {
    route: 'upload-calls',
    label: 'Upload calls',
    what: 'Your own calls: transcripts with their metadata, analysed on arrival.',
  },
];

const SECTIONS = ['profile', 'inbox', 'calendar'] as const;

export default function Settings() {
  const { section } = useRouteQuery('settings');
  return (
    <div className="an-screen">
      <nav aria-label="Settings sections" className="st-toolbar">
        <AppLink
          route="settings"
          aria-current={section === undefined ? 'page' : undefined}
          className="an-button an-button--small"
        >
          All settings
        </AppLink>
        {SECTIONS.map((s) => (
          <AppLink
            key={s}
            route="settings"
            query={{ section: s }}
            aria-current={section === s ? 'page' : undefined}
            className="an-button an-button--small"
          >
            {s[0]!.toUpperCase() + s.slice(1)}
          </AppLink>
        ))}
      </nav>
      {section === 'profile' && <Profile />}
      {section === 'inbox' && <InboxSection />}
      {section === 'calendar' && <CalendarSection />}
      {section === undefined && (
        <Panel title="Configuration" subtitle="What the analysis does and what it may cost.">
          <ul className="st-list">
            {configuration.map((entry) => (
              <li key={entry.route} className="st-item">
                <div>
                  <p className="st-item__title">
                    <AppLink route={entry.route}>{entry.label}</AppLink>
                  </p>
                  <p className="st-item__meta">{entry.what}</p>
                </div>
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}

function Profile() {
  const user = useStoredUser();
  const account = signedInAccount();
  const roles = useRoles();
  return (
    <>
      <Panel title="Profile" subtitle="From your organisation’s sign-in account." testId="profile">
        <dl className="st-dl">
          <dt>Name</dt>
          <dd data-testid="profile-name">{user?.name ?? '–'}</dd>
          <dt>Username</dt>
          <dd data-testid="profile-username">{user?.username ?? '–'}</dd>
          <dt>Tenant (directory)</dt>
          <dd data-testid="profile-tenant">
            {account?.tenantId || 'Not given by the sign-in provider'}
          </dd>
          <dt>Signed in with</dt>
          <dd>{account?.environment || '–'}</dd>
          <dt>Roles</dt>
          <dd data-testid="profile-roles">
            {roles.length > 0
              ? roles.join(', ')
              : `None: an administrator assigns roles (${ROLES.join(', ')})`}
          </dd>
        </dl>
      </Panel>
      <PreferencesForm />
    </>
  );
}
