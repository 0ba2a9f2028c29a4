import '../styles/full-styles';
import { Container } from '@mantine/core';
import { DataProvider } from '../data-provider';
import AreaPlaceholderRoute from './area-placeholder';

/** The printable project report (blank layout); its content comes with the projects area. */
export default function ProjectReportRoute() {
  return (
    <DataProvider>
      <Container component="main" size="md" py="xl">
        <AreaPlaceholderRoute />
      </Container>
    </DataProvider>
  );
}
