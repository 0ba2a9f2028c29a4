import { VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeading } from '@/lib/focus-back';

/** How long a new page may take to show its heading (its data may still be loading). */
const HEADING_WAIT_MS = 10_000;

/**
 * After a client-side route change (a new path; a new query string alone is the same page):
 * waits for the new page's h1, moves focus to it (tabIndex -1: focusable by script only) unless
 * the page placed focus itself, and announces its text in a polite live region. Screen reader
 * users then hear the new page and continue reading from its top, as after a full page load.
 * The first load is left alone (the browser starts at the top; the skip link comes first).
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const changed = previous.current !== null && previous.current !== pathname;
    previous.current = pathname;
    if (!changed) return;

    let done = false;
    const finish = (heading: HTMLElement | null) => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
      if (heading) focusPageHeading(heading);
      setMessage(heading?.textContent?.trim() || document.title);
    };
    const look = () => {
      if (done) return;
      const heading = document.querySelector<HTMLElement>('h1');
      if (heading) finish(heading);
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => finish(null), HEADING_WAIT_MS);
    setMessage('');
    look();
    return () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);

  return (
    <VisuallyHidden
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="route-announcer"
    >
      {message}
    </VisuallyHidden>
  );
}
