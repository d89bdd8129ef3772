// Log redaction: fields that may carry a secret, wherever they appear in a logged object.
const SECRET_FIELDS = [
  'password',
  'password_hash',
  'current_password',
  'client_secret',
  'secret',
  'api_key',
  'access_token',
  'refresh_token',
  'subject_token',
  'id_token',
  'code_verifier',
  'secret_encrypted',
  'private_key',
  'credentials_encrypted',
  'client_secret_encrypted',
  'tokens_encrypted',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-keel-connector-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  ...SECRET_FIELDS.map((f) => `*.*.${f}`),
];
