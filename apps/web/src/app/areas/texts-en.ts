/**
 * Every area's English texts but the sign-in screens', in one file, keyed by area: the app's
 * layout loads them all at once (its menu names every area), and on a slow line one request
 * costs far less than eleven, each waiting its turn for one of the browser's six connections.
 * The sign-in page loads the sign-in texts alone (`auth/en.ts`). A new area adds a line.
 */
export { en as dashboard } from './dashboard/en';
export { en as employees } from './employees/en';
export { en as finance } from './finance/en';
export { en as members } from './members/en';
export { en as monitor } from './monitor/en';
export { en as projects } from './projects/en';
export { en as roles } from './roles/en';
export { en as settings } from './settings/en';
export { en as users } from './users/en';
export { en as volunteers } from './volunteers/en';
export { en as website } from './website/en';
