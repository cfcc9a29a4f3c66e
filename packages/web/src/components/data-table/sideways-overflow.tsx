import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element's content runs on past its right edge (a wide table at 390 px), kept up
 * to date as it scrolls and as it or its content changes size.
 */
export function useCutOnTheRight(ref: RefObject<HTMLElement | null>): boolean {
  const [cut, setCut] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setCut(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resized?.observe(element);
    if (element.firstElementChild) resized?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, [ref]);
  return cut;
}

/** The right edge of a table that scrolls sideways fades out, so the columns past it are not taken for the end. */
export function MoreOnTheRight() {
  return (
    <div
      aria-hidden
      data-testid="more-on-the-right"
      style={{
        position: 'absolute', top: 0, right: 0, bottom: 0, width: 32, pointerEvents: 'none',
        background: 'linear-gradient(to right, transparent, var(--mantine-color-body))',
      }}
    />
  );
}
