/** Every Mantine component's styles, loaded with the default layout (and other full screens). */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
