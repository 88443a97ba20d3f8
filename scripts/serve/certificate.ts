/**
 * A self-signed TLS certificate for the local servers (the app server, `npm start` and the
 * embedded identity provider). MSAL only accepts https authorities, so even local runs need
 * https. The certificate is generated at start and never committed: it lives in memory, or
 * under a gitignored cache directory when the caller wants the browser's one-time warning to
 * stay accepted across restarts.
 */
import { X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface TlsCertificate {
  /** PEM private key. */
  key: string;
  /** PEM certificate. */
  cert: string;
}

export interface CertificateOptions {
  /**
   * Directory to keep the certificate in between runs (e.g. `.cache/certificate`, which git
   * ignores). Without it the certificate lives only in this process.
   */
  cacheDir?: string;
  /** Validity in days; short on purpose, a local certificate is cheap to replace. */
  validDays?: number;
}

/** The names the local servers answer on; both must be in the SAN for Chromium to accept it. */
export const LOCAL_HOST_NAMES = { dns: ['localhost'], ip: ['127.0.0.1', '::1'] } as const;

/** Where local servers keep their certificate between runs (.cache/ is gitignored). */
export const localCertificateCacheDir = join(
  import.meta.dirname,
  '..',
  '..',
  '.cache',
  'certificate',
);

const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_FILE = 'local-certificate.json';

let inMemory: Promise<TlsCertificate> | undefined;

/** Returns a certificate for localhost and 127.0.0.1, generating one when none is usable. */
export function getLocalCertificate(options: CertificateOptions = {}): Promise<TlsCertificate> {
  if (options.cacheDir) return cachedOnDisk(options.cacheDir, options.validDays);
  inMemory ??= generateLocalCertificate(options.validDays);
  return inMemory;
}

export async function generateLocalCertificate(validDays = 30): Promise<TlsCertificate> {
  const now = new Date();
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - DAY_MS), // tolerate a slightly skewed clock
    notAfterDate: new Date(now.getTime() + validDays * DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...LOCAL_HOST_NAMES.dns.map((value) => ({ type: 2 as const, value })),
          ...LOCAL_HOST_NAMES.ip.map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/** True when the certificate covers every local name and stays valid for at least a day. */
export function isUsable(certificate: TlsCertificate, at = new Date()): boolean {
  try {
    const x509 = new X509Certificate(certificate.cert);
    const names = x509.subjectAltName ?? '';
    const coversAll =
      LOCAL_HOST_NAMES.dns.every((name) => names.includes(`DNS:${name}`)) &&
      LOCAL_HOST_NAMES.ip.every((ip) => x509.checkIP(ip) !== undefined);
    const validFrom = new Date(x509.validFrom).getTime();
    const validTo = new Date(x509.validTo).getTime();
    return coversAll && validFrom <= at.getTime() && validTo - at.getTime() > DAY_MS;
  } catch {
    return false;
  }
}

async function cachedOnDisk(dir: string, validDays?: number): Promise<TlsCertificate> {
  const file = join(dir, CACHE_FILE);
  const stored = readStored(file);
  if (stored && isUsable(stored)) return stored;
  const fresh = await generateLocalCertificate(validDays);
  mkdirSync(dir, { recursive: true });
  // Owner-only: it is a throwaway key, but still a private key.
  writeFileSync(file, JSON.stringify(fresh), { mode: 0o600 });
  return fresh;
}

function readStored(file: string): TlsCertificate | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<TlsCertificate>;
    return typeof value.key === 'string' && typeof value.cert === 'string'
      ? { key: value.key, cert: value.cert }
      : undefined;
  } catch {
    return undefined;
  }
}
