import { constants, createPrivateKey, KeyObject, privateDecrypt } from 'node:crypto';

/**
 * Reads a disbursement PIN the way Airtel does: RSA with PKCS#1 v1.5 padding, base64 encoded,
 * made with the public key from Airtel's portal. Node refuses PKCS#1 v1.5 decryption (a timing
 * attack on servers that decrypt attacker-chosen data, CVE-2023-46809), so the simulator
 * decrypts without padding and strips the padding itself; it is a simulator, not a target.
 */
export class AirtelPinReader {
  private readonly key: KeyObject;

  constructor(privateKeyBase64Der: string) {
    this.key = createPrivateKey({ key: Buffer.from(privateKeyBase64Der, 'base64'), format: 'der', type: 'pkcs8' });
  }

  read(encryptedBase64: unknown): string | undefined {
    if (typeof encryptedBase64 !== 'string' || encryptedBase64.length === 0) return undefined;
    try {
      const block = privateDecrypt({ key: this.key, padding: constants.RSA_NO_PADDING }, Buffer.from(encryptedBase64, 'base64'));
      // 0x00 0x02 <at least 8 non-zero random bytes> 0x00 <message>
      if (block[0] !== 0x00 || block[1] !== 0x02) return undefined;
      const separator = block.indexOf(0x00, 2);
      if (separator < 10) return undefined;
      return block.subarray(separator + 1).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
