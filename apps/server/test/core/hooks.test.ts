import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/database';
import { createRegistry } from '../../src/core/collection-model';
import { HookRegistry, type RecordWrites } from '../../src/core/hooks';
import type { Row } from '../../src/core/record-export';
import type { RequestInfo } from '../../src/core/request-info';

const registry = createRegistry();
const tx: Queryable = {
  query: async () => {
    throw new Error('these hooks do not query');
  },
};
const noWrites = async (): Promise<never> => {
  throw new Error('these hooks do not write other records');
};
const records: RecordWrites = {
  create: noWrites,
  createMany: noWrites,
  update: noWrites,
  delete: noWrites,
};
const request = {
  auth: null,
  method: 'POST',
  context: 'default',
  query: {},
  headers: {},
  body: {},
} as RequestInfo;

describe('HookRegistry', () => {
  it('refuses hooks for a collection that is not declared', () => {
    expect(() => new HookRegistry(registry).on('memberz', {})).toThrow(/unknown collection/);
  });

  it('refuses to compute a field that clients can write', () => {
    const hooks = new HookRegistry(registry);
    expect(() =>
      hooks.on('members', { computed: { name: { on: ['create'], value: () => 'x' } } }),
    ).toThrow(/must be declared readOnly/);
  });

  it('fills computed fields first, then runs the hooks of that collection in registration order', async () => {
    const calls: string[] = [];
    const hooks = new HookRegistry(registry)
      .on('members', {
        computed: {
          membership_number: {
            on: ['create'],
            value: ({ record }) => `M-${String(record.name).length}`,
          },
          paid_until: { on: ['update'], value: () => 'never on create' },
        },
        beforeCreate: async ({ row }) => {
          calls.push(`first sees ${String(row.membership_number)}`);
        },
      })
      .on('members', {
        beforeCreate: async () => {
          calls.push('second');
        },
      })
      .on('volunteers', {
        beforeCreate: async () => {
          calls.push('volunteers');
        },
      });
    const row: Row = { name: 'Hawa' };
    await hooks.run('beforeCreate', {
      tx,
      collection: registry.get('members')!,
      row,
      request,
      records,
    });
    expect(calls).toEqual(['first sees M-4', 'second']);
    expect(row).toEqual({ name: 'Hawa', membership_number: 'M-4' });
  });

  it('runs named rule sets in the declared order, whatever order they were registered in', async () => {
    const calls: string[] = [];
    const hooks = new HookRegistry(registry, { members: ['first', 'second'] });
    for (const name of ['second', 'first'])
      hooks.on('members', {
        name,
        beforeCreate: async () => {
          calls.push(name);
        },
      });
    hooks.checkOrder();
    await hooks.run('beforeCreate', {
      tx,
      collection: registry.get('members')!,
      row: { name: 'Hawa' },
      request,
      records,
    });
    expect(calls).toEqual(['first', 'second']);
  });

  it('refuses a collection whose rule sets are not all placed in the declared order', () => {
    const hooks = new HookRegistry(registry, { members: ['first'] })
      .on('members', { name: 'first' })
      .on('members', { name: 'unplaced' });
    expect(() => hooks.checkOrder()).toThrow(/members has several rule sets.*"unplaced"/);
  });

  it('computes update fields from the previous row merged with the changes', async () => {
    const hooks = new HookRegistry(registry).on('members', {
      computed: {
        paid_until: {
          on: ['update'],
          value: ({ record, previous }) => `${String(record.name)} was ${String(previous?.name)}`,
        },
      },
    });
    const changes: Row = { name: 'New' };
    await hooks.run('beforeUpdate', {
      tx,
      collection: registry.get('members')!,
      changes,
      previous: { id: 'm1', name: 'Old', paid_until: '' },
      request,
      records,
    });
    expect(changes).toEqual({ name: 'New', paid_until: 'New was Old' });
  });
});
