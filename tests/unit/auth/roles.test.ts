import { describe, expect, it } from 'vitest';
import { ROLES, allowance, productRoles, rolesFromClaims } from '../../../src/auth/roles.ts';
import { demoUsers } from '../../../scripts/local-idp/demo-users.ts';

describe('roles from the token', () => {
  it('reads the string values of the roles claim and nothing else', () => {
    expect(rolesFromClaims({ roles: ['agent', 7, 'Other.App.Role', null] })).toEqual([
      'agent',
      'Other.App.Role',
    ]);
    expect(rolesFromClaims({ roles: 'agent' })).toEqual([]);
    expect(rolesFromClaims({})).toEqual([]);
    expect(rolesFromClaims(undefined)).toEqual([]);
    expect(productRoles(['Other.App.Role', 'supervisor', 'agent'])).toEqual([
      'agent',
      'supervisor',
    ]);
  });

  it('allows each step of the evaluation workflow to its role only', () => {
    expect(allowance(['reviewer'], 'evaluate-calls').allowed).toBe(true);
    expect(allowance(['supervisor'], 'evaluate-calls').allowed).toBe(true);
    expect(allowance(['agent'], 'evaluate-calls').allowed).toBe(false);
    expect(allowance(['agent'], 'respond-to-evaluations').allowed).toBe(true);
    expect(allowance(['supervisor', 'reviewer'], 'respond-to-evaluations').allowed).toBe(false);
    expect(allowance(['supervisor'], 'resolve-disputes').allowed).toBe(true);
    expect(allowance(['reviewer'], 'resolve-disputes').allowed).toBe(false);
    expect(allowance(['admin'], 'edit-rules').allowed).toBe(true);
    expect(allowance(['admin'], 'edit-forms').allowed).toBe(true);
    expect(allowance(['reviewer', 'agent'], 'edit-rules').allowed).toBe(false);
    for (const permission of ['edit-settings', 'import-metadata', 'assign-leads'] as const) {
      expect(allowance(['supervisor'], permission).allowed, permission).toBe(true);
      expect(allowance(['admin'], permission).allowed, permission).toBe(true);
      expect(allowance(['reviewer', 'agent'], permission).allowed, permission).toBe(false);
    }
    // The quality team plans the calendar's evaluations and calibrations; an agent reads it.
    for (const role of ['reviewer', 'supervisor', 'admin'])
      expect(allowance([role], 'schedule-work').allowed, role).toBe(true);
    expect(allowance(['agent'], 'schedule-work')).toEqual({
      allowed: false,
      reason:
        'Only a reviewer, a supervisor or an administrator can put evaluations, calibrations and report deliveries on the team calendar: your account is an agent.',
    });
  });

  it('says who may and what the account is when it refuses', () => {
    expect(allowance(['agent'], 'resolve-disputes')).toEqual({
      allowed: false,
      reason: 'Only a supervisor can resolve a disputed evaluation: your account is an agent.',
    });
    expect(allowance([], 'evaluate-calls').reason).toBe(
      'Only a reviewer or a supervisor can evaluate calls: your account has no Callscope role; an administrator assigns them.',
    );
    expect(allowance(['supervisor'], 'edit-rules')).toEqual({ allowed: true, reason: null });
  });

  it("gives the local provider's demo users product roles only: a supervisor-reviewer and an agent", () => {
    for (const user of demoUsers) {
      expect(user.roles.length).toBeGreaterThan(0);
      for (const role of user.roles) expect(ROLES).toContain(role);
    }
    expect(demoUsers[0]!.roles).toEqual(['supervisor', 'reviewer']);
    expect(demoUsers.some((u) => u.roles.join() === 'agent')).toBe(true);
  });
});
