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
