import { AppError } from '../../lib/errors.ts';

/**
 * What the company's settings say about users (account settings → user, authentication):
 * the shortest password accepted and the display defaults of a new user. The users module
 * reads them through this, never the settings tables.
 */
export interface AccountPolicy {
  passwordMinLength(): Promise<number>;
  newUserDefaults(): Promise<{ displayLocalTime: boolean; containerDefaultView: string }>;
}

/** Before the company's rule applies: no setting may go below it (settings' min_password_length minimum). */
export const PASSWORD_FLOOR = 8;

export const DEFAULT_ACCOUNT_POLICY: AccountPolicy = {
  passwordMinLength: async () => 12,
  newUserDefaults: async () => ({ displayLocalTime: false, containerDefaultView: 'list' }),
};

/** 400 `{password: [...]}` for a password shorter than the company's minimum, counted in characters. */
export async function checkPasswordLength(password: string, policy: AccountPolicy): Promise<void> {
  const minimum = await policy.passwordMinLength();
  if ([...password].length < minimum) throw new AppError('password_too_short', `Ensure this field has at least ${minimum} characters.`);
}
