import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateLocalCertificate, getLocalCertificate, isUsable } from './certificate.ts';

describe('local certificate', () => {
  it('covers localhost and 127.0.0.1 and matches its key', async () => {
    const { key, cert } = await generateLocalCertificate();
    const x509 = new X509Certificate(cert);
    expect(x509.subjectAltName).toContain('DNS:localhost');
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x509.checkPrivateKey(createPrivateKey(key))).toBe(true);
    expect(isUsable({ key, cert })).toBe(true);
  });

  it('is not usable once it is about to expire', async () => {
    const certificate = await generateLocalCertificate(2);
    expect(isUsable(certificate, new Date(Date.now() + 1.5 * 24 * 3600 * 1000))).toBe(false);
    expect(isUsable({ key: 'x', cert: 'not a certificate' })).toBe(false);
  });

  it('reuses a cached certificate and replaces a broken one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cert-'));
    const first = await getLocalCertificate({ cacheDir: dir });
    const again = await getLocalCertificate({ cacheDir: dir });
    expect(again.cert).toBe(first.cert);
    const file = join(dir, 'local-certificate.json');
    expect(statSync(file).mode & 0o077).toBe(0);
    writeFileSync(file, '{"key": 1}');
    const replaced = await getLocalCertificate({ cacheDir: dir });
    expect(replaced.cert).not.toBe(first.cert);
    expect(JSON.parse(readFileSync(file, 'utf8')).cert).toBe(replaced.cert);
  });
});
