// Dropbox short-lived access tokens: sl. (or sl.u.) + a long base64url body.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const DROPBOX_TOKEN: InfoleakDetector = {
  name: 'dropbox-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['sl.'],
  // sl.BvcVnUuDluLjvNSwT5dgo4EBsFAH47oxl9DPlsKT-uJiUTigmCyoZjlrI…
  pattern: /\bsl\.(?:u\.)?[0-9A-Za-z_-]{130,1200}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['DROPBOX_TOKEN=sl.BvcVnUuDluLjvNSwT5dgo4EBsFAH47oxl9DPlsKT-uJiUTigmCyoZjlrIbKECNndJkI91jWZXWrWdkXlxzZI5z4BY3lpIlBn6U8CBuu2Xs7Ff2CCDAY0lR8WJcaEwlW1CmFNykn5', 'DROPBOX_TOKEN=sl.B3GYWaSQ0fPprtqbinLZl_o7Ku009aQKGS_0_TeHCvMn7KbVkPxIfL_I5FoyeLgoh3IvVm4k6ykBTGSgMD8SfCggKMMmzep7rBEbYRM-aJ88f76jsyPssSwYnHLYPuYOLvxoAInM'],
    negative: ['DROPBOX_TOKEN=sl.Bxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'sl.SwGDH6hSSmLeaMPiEEKNReBxpdx203aWMyGp3QzD'],
  },
};
