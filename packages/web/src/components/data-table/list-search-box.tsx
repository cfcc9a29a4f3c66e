import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

interface ListSearchBoxProps {
  label: string;
  /** The list's q, from the URL (useListSearch). */
  value: string;
  /** Called on Enter with the text as typed; the list goes back to its first page. */
  onSearch: (q: string) => void;
  description?: ReactNode;
}

/** The search field of a paged list: it searches on Enter, and shows the URL's q after navigation. */
export function ListSearchBox({ label, value, onSearch, description }: ListSearchBoxProps) {
  return (
    <form
      role="search"
      style={{ flex: '1 1 220px', maxWidth: 360 }}
      onSubmit={(event) => {
        event.preventDefault();
        const q = new FormData(event.currentTarget).get('q');
        onSearch(typeof q === 'string' ? q : '');
      }}
    >
      <TextInput name="q" label={label} description={description} defaultValue={value} key={value} />
    </form>
  );
}
