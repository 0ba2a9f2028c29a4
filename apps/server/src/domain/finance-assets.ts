import type { AssetSchedule, ScheduleLine } from '@app/schema';
import type { Row } from '../core/record-export';
import { addMonths } from './hr';
import { centsNumber, toCents, type Cents } from './finance-ledger';

/**
 * An asset's depreciation schedule, one line per year from its purchase date, computed in whole
 * cents. Straight-line spreads (price − salvage) evenly over the useful life; declining balance
 * takes the yearly rate of what is left. An asset recorded after it was bought starts from its
 * opening accumulated depreciation. A year whose end has passed is fixed: the figures that shape
 * the schedule can no longer change (see `assetParametersLocked`). Disposal stops the schedule:
 * the year in which the asset was eliminated is not depreciated, and its book value then is what
 * was written off.
 */

const DAY_MS = 86_400_000;
const MAX_YEARS = 100;

const day = (stored: unknown) => String(stored ?? '').slice(0, 10);
const dateOf = (ymd: string) => new Date(`${ymd}T00:00:00.000Z`);
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The yearly depreciation amounts, before dates and disposal are applied. */
function yearlyAmounts(asset: Row): Cents[] {
  const price = toCents(asset.price);
  const salvage = toCents(asset.salvage_value);
  let book = price - toCents(asset.opening_accumulated);
  const amounts: Cents[] = [];
  const life = Math.floor(Number(asset.useful_life_years) || 0);
  if (asset.depreciation_method === 'straight_line' && life > 0) {
    const yearly = Math.floor((price - salvage) / life);
    while (book > salvage && amounts.length < MAX_YEARS) {
      // The last year takes what rounding left over, never going under the salvage value.
      const dep = Math.min(yearly > 0 ? yearly : book - salvage, book - salvage);
      amounts.push(dep);
      book -= dep;
    }
  } else if (asset.depreciation_method === 'declining_balance') {
    const rate = Number(asset.declining_rate) || 0;
    while (book > salvage && amounts.length < MAX_YEARS) {
      const lastYear = life > 0 && amounts.length === life - 1;
      let dep = lastYear ? book - salvage : Math.round((book * rate) / 100);
      dep = Math.min(Math.max(dep, 0), book - salvage);
      if (dep === 0) break;
      amounts.push(dep);
      book -= dep;
    }
  }
  return amounts;
}

export function depreciationSchedule(asset: Row, today: Date): AssetSchedule {
  const price = toCents(asset.price);
  const startDay = day(asset.purchase_date) || day(asset.created);
  const start = dateOf(startDay);
  const disposalDay = asset.status === 'Eliminated' ? day(asset.elimination_date) : '';
  let accumulated = toCents(asset.opening_accumulated);
  let accumulatedToday = accumulated;
  let disposalBook: Cents | null = null;
  const lines: ScheduleLine[] = [];
  const amounts = startDay ? yearlyAmounts(asset) : [];
  for (let i = 0; i < amounts.length; i++) {
    const from = addMonths(start, 12 * i);
    const to = new Date(addMonths(start, 12 * (i + 1)).getTime() - DAY_MS);
    // Eliminated during (or before) this year: no depreciation from here on.
    if (disposalDay && disposalDay <= ymd(to)) {
      disposalBook = price - accumulated;
      break;
    }
    const opening = price - accumulated;
    accumulated += amounts[i];
    const passed = to.getTime() < today.getTime();
    if (passed) accumulatedToday = accumulated;
    lines.push({
      year: i + 1,
      start: ymd(from),
      end: ymd(to),
      opening: centsNumber(opening),
      depreciation: centsNumber(amounts[i]),
      accumulated: centsNumber(accumulated),
      closing: centsNumber(price - accumulated),
      passed,
    });
  }
  if (disposalDay && disposalBook === null) disposalBook = price - accumulated;
  const disposed = disposalDay !== '' && disposalDay <= ymd(today);
  return {
    method: String(asset.depreciation_method || 'none'),
    lines,
    book_value_today: disposed ? 0 : centsNumber(price - accumulatedToday),
    accumulated_today: centsNumber(accumulatedToday),
    disposal: disposalDay
      ? {
          date: disposalDay,
          book_value: centsNumber(disposalBook ?? 0),
          reason: String(asset.elimination_reason ?? ''),
        }
      : null,
  };
}

/** The fields that shape a schedule. */
const SCHEDULE_FIELDS = [
  'purchase_date',
  'price',
  'depreciation_method',
  'useful_life_years',
  'declining_rate',
  'salvage_value',
  'opening_accumulated',
];

/** The fields that may no longer change because a year of the schedule has passed, or null. */
export function assetParametersLocked(asset: Row, today: Date): string[] | null {
  const schedule = depreciationSchedule({ ...asset, status: 'New' }, today);
  return schedule.lines.some((l) => l.passed) ? SCHEDULE_FIELDS : null;
}
