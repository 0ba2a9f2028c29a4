export type DayPart = 'morning' | 'afternoon' | 'evening' | 'night';

/** Morning 05–12, afternoon 12–17, evening 17–22, night otherwise. */
export function dayPart(hour: number): DayPart {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 17) return 'afternoon';
  if (hour >= 17 && hour < 22) return 'evening';
  return 'night';
}
