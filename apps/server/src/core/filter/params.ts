/** Collects bound parameters and hands out their `$n` placeholders. */
export class SqlParams {
  readonly values: unknown[] = [];
  constructor(private readonly offset = 0) {}

  /** Adds a value and returns its placeholder with an explicit type cast. */
  add(
    value: unknown,
    cast: 'text' | 'float8' | 'boolean' | 'text[]' | 'jsonb' | 'numeric',
  ): string {
    this.values.push(value);
    return `$${this.offset + this.values.length}::${cast}`;
  }
}
