/**
 * What Mantine's AppShell takes from react-remove-scroll: the names of the classes that keep the
 * top bar in place while a dialog locks the page's scrolling (the dialog's lock pads the
 * elements that carry them). The build gives AppShell this file instead of the package
 * (build/mantine-trims.ts); scroll-lock-class-names.test.ts checks that the names are
 * the package's and that AppShell reads nothing else from it.
 */
export const RemoveScroll = {
  classNames: { zeroRight: 'right-scroll-bar-position', fullWidth: 'width-before-scroll-bar' },
};
