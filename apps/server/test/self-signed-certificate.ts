import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A self-signed P-256 certificate for `localhost` and 127.0.0.1, valid for a day, written by
 * openssl into `dir` as `<name>.pem` and `<name>.key` (node cannot make X.509 certificates).
 */
export function makeSelfSignedCertificate(
  dir: string,
  name = 'cert',
): { certFile: string; keyFile: string } {
  const [certFile, keyFile] = [join(dir, `${name}.pem`), join(dir, `${name}.key`)];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}
