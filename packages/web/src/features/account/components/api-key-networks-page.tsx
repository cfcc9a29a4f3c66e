import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { NetworkList } from '../../../components/network-list.tsx';
import { apiKeyNetworksQueryOptions, useAddApiKeyNetwork, useRemoveApiKeyNetwork } from '../api/api-key-networks.ts';

/** The networks API keys are honoured from (none: from anywhere); add a CIDR, remove after confirming. */
export function ApiKeyNetworksPage() {
  return (
    <NetworkList
      label="API key networks"
      intro={
        <Text c="dimmed" size="sm" mb="md" maw={640}>
          API keys are accepted only from these networks. With no network listed, they are accepted from anywhere.
        </Text>
      }
      placeholder="10.0.0.0/8"
      empty="No networks: API keys are accepted from anywhere."
      removeConsequence="API keys will no longer be accepted from it."
      query={useQuery(apiKeyNetworksQueryOptions())}
      add={useAddApiKeyNetwork()}
      remove={useRemoveApiKeyNetwork()}
    />
  );
}
