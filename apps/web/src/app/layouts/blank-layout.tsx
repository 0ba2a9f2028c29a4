import { RouteAccess } from '../route-access';

/** The blank layout: the page alone (sign-in screens, the printable project report). */
export default function BlankLayout() {
  return <RouteAccess />;
}
