import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { SimulatorConfig } from '../simulator.config';
import { AirtelPinReader } from './airtel-pin';

describe('AirtelPinReader', () => {
  const config = new SimulatorConfig();
  const reader = new AirtelPinReader(config.AIRTEL_PIN_PRIVATE_KEY);
  const encrypt = (pin: string) =>
    publicEncrypt(
      { key: createPublicKey({ key: Buffer.from(config.AIRTEL_PIN_PUBLIC_KEY, 'base64'), format: 'der', type: 'spki' }), padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(pin),
    ).toString('base64');

  it('reads a PIN encrypted with the portal public key (PKCS#1 v1.5), whatever the random padding', () => {
    expect(reader.read(encrypt('1234'))).toBe('1234');
    expect(encrypt('1234')).not.toBe(encrypt('1234'));
    expect(reader.read(encrypt('987654'))).toBe('987654');
  });

  it('reads nothing from a plain or broken value', () => {
    expect(reader.read('1234')).toBeUndefined();
    expect(reader.read('')).toBeUndefined();
    expect(reader.read(undefined)).toBeUndefined();
    expect(reader.read(Buffer.alloc(256, 1).toString('base64'))).toBeUndefined();
  });
});
