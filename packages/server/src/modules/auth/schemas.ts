import { Type } from 'typebox';

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 4096 }),
}, { title: 'LoginBody' });
