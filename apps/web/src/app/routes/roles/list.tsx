import { RolesListPage } from '@/features/roles/components/roles-table';

export default RolesListPage;
