/**
 * Every area's Arabic texts but the sign-in screens', in one file, keyed by area: the app's
 * layout loads them all at once (its menu names every area), and on a slow line one request
 * costs far less than eleven, each waiting its turn for one of the browser's six connections.
 * The sign-in page loads the sign-in texts alone (`auth/ar.ts`). A new area adds a line.
 */
export { ar as dashboard } from './dashboard/ar';
export { ar as employees } from './employees/ar';
export { ar as finance } from './finance/ar';
export { ar as members } from './members/ar';
export { ar as monitor } from './monitor/ar';
export { ar as projects } from './projects/ar';
export { ar as roles } from './roles/ar';
export { ar as settings } from './settings/ar';
export { ar as users } from './users/ar';
export { ar as volunteers } from './volunteers/ar';
export { ar as website } from './website/ar';
