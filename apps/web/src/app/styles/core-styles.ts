/**
 * Mantine's base styles and those of the components the sign-in screens use. The default
 * layout loads the full stylesheet with its own chunk, so the sign-in page stays small.
 * Order matters: base first, then components after the ones they build on.
 */
import '@mantine/core/styles/baseline.css';
// No default-css-variables.css: MantineProvider writes every variable itself
// (deduplicateCssVariables={false} in app/provider.tsx), which keeps ~4 KB gzip off sign-in.
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
