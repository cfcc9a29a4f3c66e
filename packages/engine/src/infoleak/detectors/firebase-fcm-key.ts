// Firebase Cloud Messaging legacy server keys: AAAA + 7 : APA91b + 134.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const FIREBASE_FCM_KEY: InfoleakDetector = {
  name: 'firebase-fcm-key',
  kind: 'google_cloud_keys',
  version: 1,
  keywords: [':apa91b'],
  // AAAA9X3_v9B:APA91bdFce1NU9f4JhlEOzdz-cp_5kkwEF2z3Q199uNbGcJH…
  pattern: /\bAAAA[0-9A-Za-z_-]{7}:APA91b[0-9A-Za-z_-]{134}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['serverKey: AAAA9X3_v9B:APA91bdFce1NU9f4JhlEOzdz-cp_5kkwEF2z3Q199uNbGcJHBRDrlIbSP_ZfBJ4GZ9106y-usZfkZ8ZyTWUdMtqwvTZtLgD6qOLP2cjFx2SvTJRtDQvsXVFRgMXe0TqITmkr4bhA07hP', 'serverKey: AAAA1ShTX9k:APA91bme7J3QiB5Z7hghaxZA0HME24X8LwsfIpzaY0jSRrRmMu-LzzhZIlcT9O-12_6OPqwFVWzWF_scyK3QIlES3KYeeaB7oBRkTraTXfiFN-RbDdoJbfPJqhdOePKSpgwZALHkvH6l'],
    negative: ['serverKey: AAAAxxxxxxx:APA91bxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'AAAA-MOMMdr:APA91bshort'],
  },
};
