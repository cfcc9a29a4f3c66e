// Atlassian (Jira, Confluence, Bitbucket) API tokens: ATATT3 + ~186 characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const ATLASSIAN_TOKEN: InfoleakDetector = {
  name: 'atlassian-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['atatt3'],
  // ATATT3NP0dAVlCAhHADMPQMKezsjQGE18MLHnNHslRITXN5Q-5smd_snkHa_…
  pattern: /\bATATT3[0-9A-Za-z_=-]{180,200}(?![0-9A-Za-z_=-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['JIRA_API_TOKEN=ATATT3NP0dAVlCAhHADMPQMKezsjQGE18MLHnNHslRITXN5Q-5smd_snkHa_vSI628d3oPqo3UWd5O1GrzVNlUu_n6on725scX1KHqAV03rd_oFSINRL8xQKD0VY50hnDrdseC9fj9mkBvLZqSuJWuRNUZFNF-LBqgrLN-GohAk1PAhC_ejWmZoB4K5Ww91O', 'JIRA_API_TOKEN=ATATT3AdVTnYsLtwtCTnHtf7VOKiQPfIZV14S3ZAiUmuLCUBpNYgKsU-nZgLzAMOZk7hzoIdLTBXkIak4b0msBOlP-BsgALBVmHHIX7EjtC8aOzg26y8_nJK0WzUslDJ0VqNE1sOxK7dXbPSG972pNx1xTrXQ3w11r4HtTFtkJgH6rgKZMazv_ju0Uqous25'],
    negative: ['JIRA_API_TOKEN=ATATT3xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'ATATT3LnW90rtj82DoyXFRObviWc93B6adGe8Y_W8brWEL'],
  },
};
