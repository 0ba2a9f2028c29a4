import '../styles/full-styles';
import '../styles/report.css';
import { useParams } from 'react-router';
import { ProjectFinanceReport } from '@/features/projects/components/finance/finance-report';
import { DataProvider } from '../data/data-provider';

/** The printable financial report of a project (blank layout). */
export default function ProjectFinanceReportRoute() {
  const { id = '' } = useParams();
  return (
    <DataProvider>
      <ProjectFinanceReport id={id} />
    </DataProvider>
  );
}
