/**
 * Runtime schemas of the token service and the QR generator (spec: Token response, Device code response).
 * Both the documented device-flow dialect and the RFC 8628 names are accepted.
 */
import { z } from 'zod';

/** The documented device grant; RFC 8628's is the other. */
export const DEVICE_GRANT_DOCUMENTED = 'http://oauth.net/grant_type/device/1.0';
export const DEVICE_GRANT_RFC8628 = 'urn:ietf:params:oauth:grant-type:device_code';

/** A non-negative number of seconds; some services send it as a numeric string, some as a huge 64-bit integer. */
const SecondsSchema = z.union([
  z.number().nonnegative(),
  z
    .string()
    .regex(/^\d+$/)
    .transform((s) => Number(s)),
]);

/**
 * `expires_in` as sent, for main/core/auth/expiry.ts to read with its lifetime policy. RFC 6749 §5.1 makes it optional,
 * and services send it missing, null, negative, fractional, as a numeric string, as a huge 64-bit integer or as a Unix
 * time: none of that may make a token answer unreadable. Anything else (a boolean, an object) counts as missing.
 */
const ExpiresInSchema = z.union([z.number(), z.string(), z.null()]).optional().catch(undefined);

export const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: ExpiresInSchema,
  token_type: z.string(),
  refresh_token: z.string().min(1).optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const TOKEN_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'unsupported_response_type',
  'access_denied',
  'authorization_pending',
  'slow_down',
  'expired_token',
] as const;
export type TokenErrorCode = (typeof TOKEN_ERROR_CODES)[number];

/** `{ error: <code> }`; codes outside the documented set are kept as strings. */
export const TokenErrorSchema = z.object({
  error: z.string().min(1),
  error_description: z.string().optional(),
});
export type TokenError = z.infer<typeof TokenErrorSchema>;

/** The documented device code response. */
export const DeviceCodeDocumentedSchema = z.object({
  device_code: z.string().min(1),
  user_code: z.string().min(1),
  expires_in: ExpiresInSchema,
  interval: SecondsSchema,
  verification_url: z.string().min(1),
  short_verification_url: z.string().min(1).optional(),
  verification_qrcode: z.string().min(1).optional(),
});

/** RFC 8628's device authorization response. */
export const DeviceCodeRfc8628Schema = z.object({
  device_code: z.string().min(1),
  user_code: z.string().min(1),
  expires_in: ExpiresInSchema,
  interval: SecondsSchema.optional(),
  verification_uri: z.string().min(1),
  verification_uri_complete: z.string().min(1).optional(),
});

export type DeviceFlowDialect = 'documented' | 'rfc8628';

/** One device code, whichever dialect it came in: both names are accepted, so any standard server works. */
export const DeviceCodeSchema = z.union([
  DeviceCodeDocumentedSchema.transform((d) => ({
    deviceCode: d.device_code,
    userCode: d.user_code,
    expiresInSeconds: d.expires_in,
    intervalSeconds: d.interval,
    verificationUrl: d.verification_url,
    shortVerificationUrl: d.short_verification_url,
    /** The URL a phone opens to approve this code (the QR's content). */
    qrContent: d.verification_qrcode ?? d.verification_url,
  })),
  DeviceCodeRfc8628Schema.transform((d) => ({
    deviceCode: d.device_code,
    userCode: d.user_code,
    expiresInSeconds: d.expires_in,
    // RFC 8628 §3.2: "If no value is provided, clients MUST use 5 as the default."
    intervalSeconds: d.interval ?? 5,
    verificationUrl: d.verification_uri,
    shortVerificationUrl: undefined,
    qrContent: d.verification_uri_complete ?? d.verification_uri,
  })),
]);
export type DeviceCode = z.output<typeof DeviceCodeSchema>;

/** The QR generator's `response_type=json` answer: `data` is a base64 PNG data URI. */
export const QrJsonSchema = z.object({
  status: z.string(),
  data: z.string().startsWith('data:image/png;base64,'),
});
export type QrJson = z.infer<typeof QrJsonSchema>;
