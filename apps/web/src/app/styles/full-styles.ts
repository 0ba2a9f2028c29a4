/**
 * The styles of every Mantine component the app uses (the list is worked out from the code by
 * build/mantine-styles.ts), loaded with the default layout and the other full screens; the
 * sign-in page has its own few (core-styles.ts). Mantine's whole stylesheet would be about 40 %
 * more to download and to match against every element. The command palette's and the passing
 * messages' own styles come with their code, when first used (app/layouts).
 */
import './mantine-used';
