import { useMediaQuery } from '@mantine/hooks';

/** Mantine's `sm` breakpoint: below it a wide table gives way to its phone columns. */
export const PHONE_WIDTH_QUERY = '(max-width: 48em)';

/** True below the `sm` breakpoint (a phone held upright); false before the first measurement. */
export function usePhoneWidth(): boolean {
  return useMediaQuery(PHONE_WIDTH_QUERY) ?? false;
}
