import { type ApiErrorCode, apiErrorMessages } from '@synergie/shared';

/** An error meant for the user: a code, an HTTP status and a French message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode | (string & {}),
    message?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message ?? apiErrorMessages[code as ApiErrorCode] ?? apiErrorMessages.INTERNAL);
  }
}

export const errorBody = (code: string, message: string, fields?: Record<string, string>) => ({
  error: { code, message, ...(fields ? { fields } : {}) },
});
