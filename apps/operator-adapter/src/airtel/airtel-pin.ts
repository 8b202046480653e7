import { constants, createPublicKey, KeyObject, publicEncrypt } from 'node:crypto';

/**
 * Airtel wants the disbursement PIN encrypted with the RSA public key from its portal
 * (PKCS#1 v1.5 padding, base64). The padding is random, so every request carries a new value.
 */
export class AirtelPinEncrypter {
  private readonly key: KeyObject;

  constructor(publicKeyBase64: string) {
    const trimmed = publicKeyBase64.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    this.key = createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  }

  encrypt(pin: string): string {
    return publicEncrypt({ key: this.key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(pin, 'utf8')).toString('base64');
  }
}
