import { Skeleton } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

// The thread, its post and reply forms and the rich-text field come with the Timeline tab: a
// record's page opens on its first tab, and its weight on a slow line is what that tab needs.
const TimelineThread = lazy(() => import('./timeline-thread'));

/**
 * A record's timeline (a project's or an activity's): a form to post (subject and details),
 * the posts five per page, latest first, each with its replies and a reply form.
 */
export function Timeline(props: ComponentProps<typeof TimelineThread>) {
  return (
    <Suspense fallback={<Skeleton h={160} radius="lg" />}>
      <TimelineThread {...props} />
    </Suspense>
  );
}
