import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

interface MantineAnchorProps extends Omit<AnchorProps, 'href'>, Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof AnchorProps> {
  ref?: Ref<HTMLAnchorElement>;
}

function MantineAnchor(props: MantineAnchorProps) {
  return <Anchor {...props} />;
}

const CreatedAnchorLink = createLink(MantineAnchor);

/** A Mantine Anchor with the router's typed `to` and `params`. */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <CreatedAnchorLink {...props} />;
