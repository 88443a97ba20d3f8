/**
 * The public face of roles: the signed-in account's roles (its token's `roles` claim) and what
 * each allows. Apart from ./index.ts because the shell never asks: re-exported there, the role
 * table and its hooks sat in every page's first load (0.6 KB gzip) for the screens that check
 * a permission, which now import it from here.
 */
export { useRoles, usePermission } from './use-roles.ts';
export { ROLES, allowance, type Role, type Permission, type Allowance } from './roles.ts';
