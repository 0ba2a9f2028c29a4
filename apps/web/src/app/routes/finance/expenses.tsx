import { ExpensesScreen } from '@/features/finance/components/expenses-screen';

export default function Route() {
  return <ExpensesScreen />;
}
