/**
 * In-memory storage for the provider's records (sessions, codes, tokens, grants), one store
 * per provider instance so several providers in one process (tests) never share state.
 * Nothing survives a restart, which is what a local demo provider wants.
 */
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds, or Infinity. */
  expiresAt: number;
}

/** Records that belong to a grant and go when the grant is revoked. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

export interface MemoryStore {
  readonly factory: AdapterFactory;
  /** Deletes every provider session: every user must sign in again, and session-bound tokens stop working. */
  endAllSessions(): void;
}

export function createMemoryStore(now: () => number = Date.now): MemoryStore {
  const records = new Map<string, Entry>();
  const sessionIdByUid = new Map<string, string>();
  const grantMembers = new Map<string, Set<string>>();

  const read = (key: string): AdapterPayload | undefined => {
    const entry = records.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      records.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  const factory: AdapterFactory = (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = typeof expiresIn === 'number' ? now() + expiresIn * 1000 : Infinity;
        records.set(key(id), { payload, expiresAt });
        if (model === 'Session' && payload.uid) sessionIdByUid.set(payload.uid, id);
        if (GRANTABLE.has(model) && payload.grantId) {
          const members = grantMembers.get(payload.grantId) ?? new Set<string>();
          members.add(key(id));
          grantMembers.set(payload.grantId, members);
        }
      },
      async find(id) {
        return read(key(id));
      },
      async findByUid(uid) {
        const id = sessionIdByUid.get(uid);
        return id === undefined ? undefined : read(key(id));
      },
      async findByUserCode() {
        return undefined; // the device flow is not enabled
      },
      async consume(id) {
        const payload = read(key(id));
        if (payload) payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        const payload = read(key(id));
        records.delete(key(id));
        if (model === 'Session' && payload?.uid) sessionIdByUid.delete(payload.uid);
      },
      async revokeByGrantId(grantId) {
        for (const member of grantMembers.get(grantId) ?? []) records.delete(member);
        grantMembers.delete(grantId);
      },
    };
  };

  return {
    factory,
    endAllSessions() {
      for (const name of [...records.keys()]) {
        if (name.startsWith('Session:')) records.delete(name);
      }
      sessionIdByUid.clear();
    },
  };
}
