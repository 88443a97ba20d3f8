import type { ManifestShape } from './manifest-shape.ts';
import type { Problem } from './problem.ts';

/** Deployment settings that override the manifest's auth defaults (never secrets). */
export interface AuthOverrides {
  SA_AUTH_CLIENT_ID?: string | undefined;
  SA_AUTH_AUTHORITY?: string | undefined;
}

export function authOverridesFrom(env: NodeJS.ProcessEnv): AuthOverrides {
  return { SA_AUTH_CLIENT_ID: env.SA_AUTH_CLIENT_ID, SA_AUTH_AUTHORITY: env.SA_AUTH_AUTHORITY };
}

/** An unset or blank variable means "use the manifest's value". */
function given(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

type AuthSchema = { properties: Record<string, { pattern?: string; maxLength?: number }> };

/**
 * Overrides must satisfy the same schema rules as the manifest values they replace, so a
 * deployment cannot ship an authority the manifest itself could not declare.
 */
export function checkAuthOverrides(overrides: AuthOverrides, schema: object): Problem[] {
  const auth = (schema as { $defs: { Auth: AuthSchema } }).$defs.Auth.properties;
  const problems: Problem[] = [];
  const fail = (variable: string, pointer: string, message: string): void => {
    problems.push({
      file: `$${variable}`,
      pointer,
      line: 1,
      column: 1,
      severity: 'error',
      message,
    });
  };
  const clientId = given(overrides.SA_AUTH_CLIENT_ID);
  const maxLength = auth.clientId?.maxLength;
  if (clientId !== undefined && maxLength !== undefined && clientId.length > maxLength) {
    fail(
      'SA_AUTH_CLIENT_ID',
      '/auth/clientId',
      `expected at most ${maxLength} characters, got ${clientId.length}`,
    );
  }
  const authority = given(overrides.SA_AUTH_AUTHORITY);
  const pattern = auth.authority?.pattern;
  if (authority !== undefined && pattern !== undefined && !new RegExp(pattern).test(authority)) {
    fail(
      'SA_AUTH_AUTHORITY',
      '/auth/authority',
      `${JSON.stringify(authority)} is not an https URL or a path starting with "/"`,
    );
  }
  return problems;
}

export function applyAuthOverrides(
  auth: ManifestShape['auth'],
  overrides: AuthOverrides,
): ManifestShape['auth'] {
  return {
    ...auth,
    clientId: given(overrides.SA_AUTH_CLIENT_ID) ?? auth.clientId,
    authority: given(overrides.SA_AUTH_AUTHORITY) ?? auth.authority,
  };
}
