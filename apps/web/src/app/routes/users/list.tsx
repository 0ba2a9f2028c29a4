import { UsersListPage } from '@/features/users/components/users-table';

export default UsersListPage;
