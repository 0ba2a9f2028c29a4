/**
 * Money for the screens: the project's one formatter lives in packages/schema (money.ts), so the
 * server prints amounts on its documents exactly as the screens show them.
 */
export {
  addMoney,
  compareMoney,
  EMPTY_AMOUNT,
  formatCompactMoney,
  formatMoney,
  fromMinorUnits,
  toMinorUnits,
  type MoneyInput,
} from '@app/schema/money';
