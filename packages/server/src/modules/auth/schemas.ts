import { Type } from 'typebox';
import { Text } from '../../lib/schemas.ts';

export const LoginBody = Type.Object({
  email: Text({ minLength: 1, maxLength: 254 }),
  password: Text({ minLength: 1, maxLength: 4096 }),
}, { title: 'LoginBody' });
