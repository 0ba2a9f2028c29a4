import type { ReactNode } from 'react';

/**
 * Plain text that keeps its own direction: an English note on an Arabic page (or the reverse)
 * reads with its full stop at its end, while its box keeps the page's alignment. `<bdi>` takes
 * its direction from its first letter; anything else (a badge, a number) is left as it is.
 */
export function ownDirection(content: ReactNode): ReactNode {
  return typeof content === 'string' && content !== '' ? <bdi>{content}</bdi> : content;
}
