import { Type } from 'typebox';
import { Text } from '../../lib/schemas.ts';

export const LoginBody = Type.Object({
  email: Text({ minLength: 1, maxLength: 254 }),
  password: Text({ minLength: 1, maxLength: 4096 }),
  otp: Type.Optional(Text({ maxLength: 16, description: 'The six-digit code of the authenticator app, for a user with two-factor sign-in (otp_active).' })),
}, { title: 'LoginBody' });

/** The password was right; the user has two-factor sign-in and the login gave no code. */
export const OtpRequiredAnswer = Type.Object({
  detail: Type.String(),
  otp_required: Type.Literal(true),
}, { title: 'OtpRequired' });
