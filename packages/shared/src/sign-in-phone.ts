import './zod-locale';
import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/min';
import { z } from 'zod';
import { sixDigitCodeSchema } from './auth';
import { signInMethodMessages } from './sign-in-methods';

/**
 * Phone numbers for sign-in by SMS code (issue 19), in E.164. Apart from sign-in-methods.ts:
 * libphonenumber's metadata loads only with the SMS step.
 */

/** The default country of numbers typed without +: France (`06 12 34 56 78`). */
export const DEFAULT_PHONE_COUNTRY = 'FR' as const;

/** `06 12 34 56 78` → `+33612345678`; null when the number is not a valid one. */
export function toE164(input: string): string | null {
  const value = input.trim();
  if (!value || value.length > 30 || !isValidPhoneNumber(value, DEFAULT_PHONE_COUNTRY)) return null;
  return parsePhoneNumberWithError(value, DEFAULT_PHONE_COUNTRY).number as string;
}

/** A phone number typed by a member, stored and sent in E.164. */
export const signInPhoneSchema = z
  .string({ error: signInMethodMessages.phoneRequired })
  .trim()
  .min(1, { error: signInMethodMessages.phoneRequired })
  .max(30, { error: signInMethodMessages.phoneTooLong })
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: signInMethodMessages.phoneInvalid });
      return z.NEVER;
    }
    return e164;
  });

export const phoneCodeRequestSchema = z.object({ phoneNumber: signInPhoneSchema });
export type PhoneCodeRequestInput = z.input<typeof phoneCodeRequestSchema>;

export const phoneCodeVerifySchema = z.object({ phoneNumber: signInPhoneSchema, code: sixDigitCodeSchema });

/** `+33612345678` → `06 12 34 56 78`; other countries in their international form. */
export function displayPhone(e164: string): string {
  try {
    const parsed = parsePhoneNumberWithError(e164, DEFAULT_PHONE_COUNTRY);
    return parsed.country === DEFAULT_PHONE_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
  } catch {
    return e164;
  }
}
