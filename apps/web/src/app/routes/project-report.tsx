import '../styles/full-styles';
import '../styles/report.css';
import { useParams } from 'react-router';
import { ProjectReport } from '@/features/projects/components/project-report';
import { DataProvider } from '../data/data-provider';

/** The printable project report (blank layout). */
export default function ProjectReportRoute() {
  const { id = '' } = useParams();
  return (
    <DataProvider>
      <ProjectReport id={id} />
    </DataProvider>
  );
}
