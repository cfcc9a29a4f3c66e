// Azure connection strings with a key: storage accounts (AccountKey= 88 base64 characters,
// a 64-byte key) and Service Bus / Event Hubs / IoT Hub (SharedAccessKey= 44 base64, 32 bytes).
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

// The Azurite / storage emulator's published development key.
const EMULATOR_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export const AZURE_STORAGE_KEY: InfoleakDetector = {
  name: 'azure-storage-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['accountkey=', 'sharedaccesskey='],
  // DefaultEndpointsProtocol=https;AccountName=prodlogs;AccountKey=Z2EzmS06PyLCFkC6Yoevs4kW8J99M2u4nJY3yubJX9Jj3K42JnapLdmRVhXyt4etxhZ4UGcKRI4BbDRc/e6IFA==;EndpointSuffix=core.windows.net
  pattern: /\b(AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{86}==|[A-Za-z0-9+/]{43}=)/g,
  secret: true,
  validate: (m) => {
    const [, label = '', key = ''] = m;
    const account = /(?:AccountName|Endpoint)=([^;\s"']+)/.exec(m.input.slice(Math.max(0, m.index - 300), m.index))?.[1];
    const found = token(key, { type: label === 'AccountKey' ? 'storage-account-key' : 'shared-access-key', ...(account ? { account } : {}) });
    return key === EMULATOR_KEY ? { ...found, decoy: true } : found;
  },
  samples: {
    // Made-up keys of the right shape, never real credentials.
    positive: [
      'DefaultEndpointsProtocol=https;AccountName=prodlogs;AccountKey=Z2EzmS06PyLCFkC6Yoevs4kW8J99M2u4nJY3yubJX9Jj3K42JnapLdmRVhXyt4etxhZ4UGcKRI4BbDRc/e6IFA==;EndpointSuffix=core.windows.net',
      'Endpoint=sb://orders.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=doTmMpt2+g1bITfz67cpv8pxmOz7LfGAqS0JHAUrea8=',
    ],
    negative: [`UseDevelopmentStorage=true;AccountName=devstoreaccount1;AccountKey=${EMULATOR_KEY}`, 'AccountKey=short=='],
  },
};
