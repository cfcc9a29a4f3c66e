import { Button } from '@mantine/core';
import type { Group } from '../../../lib/api-schemas.ts';
import { useSetFavourite } from '../api/set-favourite.ts';

/** Adds the group to the caller's favourites (the home page) or takes it off. */
export function FavouriteButton({ group }: { group: Pick<Group, 'id' | 'favourite'> }) {
  const favourite = useSetFavourite(group.id);
  return (
    <Button variant="default" aria-pressed={group.favourite} loading={favourite.isPending} onClick={() => favourite.mutate(!group.favourite)}>
      {group.favourite ? '★ Favourite' : '☆ Add to favourites'}
    </Button>
  );
}
