export const COMPLIANCE_SCORE_DEFINITION =
  'Compliance score = points of the passed applicable compliance rules / points of all applicable rules. Over a selection: the mean of the calls that have applicable rules.';
export const COMPLIANCE_RATE_DEFINITION =
  'Compliance % = compliant calls / analysed calls. A call is non-compliant when any applicable critical rule failed, whatever its score.';

export interface ComplianceRuleOutcome {
  applicable: boolean;
  passed: boolean;
  points: number;
  severity: 'critical' | 'major' | 'minor';
}

export interface ComplianceOutcome {
  /** null when no rule applied. */
  score: number | null;
  compliant: boolean;
  failedCritical: number;
}

export function complianceOutcome(results: readonly ComplianceRuleOutcome[]): ComplianceOutcome {
  let passedPoints = 0;
  let applicablePoints = 0;
  let failedCritical = 0;
  for (const r of results) {
    if (!r.applicable) continue;
    applicablePoints += r.points;
    if (r.passed) passedPoints += r.points;
    else if (r.severity === 'critical') failedCritical += 1;
  }
  return {
    score: applicablePoints > 0 ? passedPoints / applicablePoints : null,
    compliant: failedCritical === 0,
    failedCritical,
  };
}
