import { List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { NetworkList } from '../../../components/network-list.tsx';
import { outboundNetworksQueryOptions, useAddOutboundNetwork, useRemoveOutboundNetwork } from '../api/outbound-networks.ts';

/** Where URL fetches and webhooks may connect besides the public internet; add a CIDR, remove after confirming. */
export function OutboundNetworksPage() {
  return (
    <NetworkList
      label="Outbound networks"
      intro={
        <>
          <Text c="dimmed" size="sm" mb="xs" maw={680}>
            Files fetched from a URL and group webhooks reach public addresses only. Add a network here to let them reach an internal server, e.g. a
            firmware build server at 10.20.0.0/16.
          </Text>
          <List size="sm" c="dimmed" mb="md" maw={680}>
            <List.Item>Loopback, private, link-local and reserved addresses are refused unless listed.</List.Item>
            <List.Item>Cloud metadata, multicast, broadcast and unspecified addresses are refused even when listed.</List.Item>
          </List>
        </>
      }
      placeholder="10.20.0.0/16"
      empty="No networks: fetches and webhooks reach public addresses only."
      removeConsequence="Fetches and webhooks will no longer reach it."
      query={useQuery(outboundNetworksQueryOptions())}
      add={useAddOutboundNetwork()}
      remove={useRemoveOutboundNetwork()}
    />
  );
}
