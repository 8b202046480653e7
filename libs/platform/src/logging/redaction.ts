/**
 * Log paths whose values are secrets. Request serialisation already drops headers; these cover
 * objects that are logged explicitly (operator requests, config dumps, job payloads).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["ocp-apim-subscription-key"]',
  'headers.authorization',
  'headers["ocp-apim-subscription-key"]',
  '*.authorization',
  '*.Authorization',
  '*.apiKey',
  '*.api_key',
  '*.key',
  '*.secret',
  '*.webhook_secret',
  '*.webhookSecret',
  '*.client_secret',
  '*.password',
  '*.pin',
  '*.access_token',
];

/**
 * Log paths whose values are wallet numbers: masked (`25078****456`), not removed, so support
 * can still tell two customers apart.
 */
export const PHONE_NUMBER_PATHS = [
  'msisdn',
  '*.msisdn',
  '*.*.msisdn',
  '*.partyId',
  '*.*.partyId',
  '*.phone',
  '*.phoneNumber',
];
