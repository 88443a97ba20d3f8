import type { Severity } from '../../data/index.ts';

const SEVERITY_TONE: Record<Severity, 'bad' | 'warn' | 'accent'> = {
  critical: 'bad',
  major: 'warn',
  minor: 'accent',
};

/** A rule's severity as a coloured chip (critical red, major amber, minor accent). */
export function SeverityChip({ severity }: { severity: Severity }) {
  return (
    <span className="an-chip" data-tone={SEVERITY_TONE[severity]}>
      {severity}
    </span>
  );
}
