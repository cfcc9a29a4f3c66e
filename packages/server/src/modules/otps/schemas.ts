import { type Static, Type } from 'typebox';
import { Paged } from '../../lib/paging.ts';
import { Text } from '../../lib/schemas.ts';

export const OtpDevice = Type.Object({
  id: Type.Integer(),
  confirmed: Type.Boolean({ description: 'True once a code confirmed the device; two-factor sign-in is then on.' }),
  created: Type.String({ format: 'date-time' }),
  config_url: Type.Union([Type.String(), Type.Null()], {
    description: 'otpauth://totp/… key URI to load into an authenticator app; only while the device is unconfirmed, null after.',
  }),
}, { title: 'OtpDevice' });
export type OtpDevice = Static<typeof OtpDevice>;

export const OtpDevicePage = Paged(OtpDevice);

export const OtpCode = Text({ minLength: 1, maxLength: 16, description: 'The six-digit code the authenticator app shows now.' });

export const OtpConfirmBody = Type.Object({ code: OtpCode }, { title: 'OtpConfirmBody' });

export const OtpDisableBody = Type.Object({
  password: Type.Optional(Text({ minLength: 1, maxLength: 4096 })),
  code: Type.Optional(OtpCode),
}, { title: 'OtpDisableBody', description: 'Either the password or a current code proves it is the user.' });
export type OtpDisableBody = Static<typeof OtpDisableBody>;
