import { COLLECTIONS } from '@app/schema';
import { describe, expect, it } from 'vitest';
import { auditHeldBy, auditTemplateTitle } from '../../src/core/audit';
import { createRegistry } from '../../src/core/collection-model';
import type { Queryable } from '../../src/db/database';

const registry = createRegistry();

describe("a collection's auditTitle", () => {
  it('names only fields of its collection; a relation points where a name can be found', () => {
    const wrong: string[] = [];
    for (const def of COLLECTIONS.filter((c) => c.auditTitle)) {
      const collection = registry.get(def.name)!;
      for (const [, name] of def.auditTitle!.matchAll(/\{(\w+)\}/g)) {
        const field = collection.field(name);
        if (!field) wrong.push(`${def.name}.${name}: no such field`);
        else if (field.type === 'relation') {
          const target = registry.get(field.collection)!;
          if (
            !['name', 'title', 'email'].some((key) => target.field(key)) &&
            !target.def.auditTitle
          )
            wrong.push(`${def.name}.${name}: ${field.collection} has no name, nor an auditTitle`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is declared by every audited collection whose records have no name, title or email', () => {
    const unnamed = COLLECTIONS.filter(
      (def) =>
        def.audit.length > 0 &&
        !def.auditTitle &&
        !['name', 'title', 'email'].some((key) => registry.get(def.name)!.field(key)),
    ).map((def) => def.name);
    expect(unnamed).toEqual([]);
  });

  it('fills the fields in, reads a relation in the transaction and trims what is left empty', async () => {
    const asked: unknown[][] = [];
    // Answers the one query the title asks: the related record's name.
    const tx = {
      query: async (_sql: string, params: unknown[]) => {
        asked.push(params);
        return { rows: params[0] === 'e1' ? [{ title: 'Ali Omar' }] : [] };
      },
    } as unknown as Queryable;
    const payslips = registry.get('payslips')!;
    expect(
      await auditTemplateTitle(tx, payslips, {
        before: null,
        after: { employee: 'e1', month: 10, year: 2026 },
      }),
    ).toBe('Ali Omar · 10/2026');
    expect(asked).toEqual([['e1']]);
    // An employee that is gone leaves the period alone, without the separator.
    expect(
      await auditTemplateTitle(tx, payslips, {
        before: { employee: 'gone', month: 1, year: 2027 },
        after: null,
      }),
    ).toBe('1/2027');
    const staff = registry.get('projects_staff')!;
    expect(await auditTemplateTitle(tx, staff, { before: null, after: { member: '' } })).toBe('');
    // No template, no title.
    expect(
      await auditTemplateTitle(tx, registry.get('roles')!, { before: null, after: { x: 1 } }),
    ).toBe('');
  });
});

describe("a collection's heldBy", () => {
  it('names a single relation of an audited collection', () => {
    const wrong = COLLECTIONS.filter((def) => def.heldBy).flatMap((def) => {
      const field = registry.get(def.name)!.field(def.heldBy!);
      if (def.audit.length === 0) return [`${def.name}: not audited`];
      if (field?.type !== 'relation') return [`${def.name}.${def.heldBy}: not a relation`];
      return (field.maxSelect ?? 1) === 1 ? [] : [`${def.name}.${def.heldBy}: a list`];
    });
    expect(wrong).toEqual([]);
  });

  it('files an entry under the record its snapshot points to, after the change or before it', () => {
    const comments = registry.get('financial_request_comments')!;
    expect(auditHeldBy(comments, { before: null, after: { request: 'req1' } })).toBe('req1');
    expect(auditHeldBy(comments, { before: { request: 'req2' }, after: null })).toBe('req2');
    expect(auditHeldBy(registry.get('expenses'), { before: null, after: { project: 'p1' } })).toBe(
      '',
    );
  });
});
