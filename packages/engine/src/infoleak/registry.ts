// Every infoleak detector, sorted by name. One line per detector; no self-registration.
import { AWS_ACCESS_KEY } from './detectors/aws-access-key.ts';
import { EMAIL } from './detectors/email.ts';
import { GITHUB_TOKEN } from './detectors/github-token.ts';
import { JWT } from './detectors/jwt.ts';
import { PRIVATE_KEY } from './detectors/private-key.ts';
import type { InfoleakDetector } from './types.ts';

export const DETECTORS: readonly InfoleakDetector[] = [AWS_ACCESS_KEY, EMAIL, GITHUB_TOKEN, JWT, PRIVATE_KEY];
