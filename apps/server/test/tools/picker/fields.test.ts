import { describe, it, expect } from 'vitest';
import {
  parseFields,
  pickFields,
  pickListFields,
  FieldsSyntaxError,
  type FieldsSpec,
} from '../../../src/tools/picker/fields';

function spec(input: string): FieldsSpec {
  const parsed = parseFields(input);
  if (parsed === null) throw new Error(`no fields in ${JSON.stringify(input)}`);
  return parsed;
}

const record = {
  collectionId: 'pbc_1',
  collectionName: 'posts',
  id: 'p1',
  title: 'Hello',
  description: '<p>Some <b>long</b> description</p>',
  tags: ['a', 'b'],
  views: 3,
  expand: {
    author: { id: 'u1', name: 'Ann', bio: '<p>Writer</p>' },
    comments: [
      { id: 'c1', text: '<i>first</i> comment', likes: 1 },
      { id: 'c2', text: 'second', likes: 2 },
    ],
  },
};

describe('parseFields', () => {
  it.each(['', '   ', ',', ' , , ', '.', '..'])('returns null for %j', (input) => {
    expect(parseFields(input)).toBeNull();
  });

  it('builds a tree', () => {
    expect(spec('id,expand.author.name,description:excerpt(200,true),*')).toEqual({
      wildcard: { modifier: null },
      keys: new Map([
        ['id', { whole: true, modifier: null, nested: null }],
        [
          'expand',
          {
            whole: false,
            modifier: null,
            nested: {
              wildcard: null,
              keys: new Map([
                [
                  'author',
                  {
                    whole: false,
                    modifier: null,
                    nested: {
                      wildcard: null,
                      keys: new Map([['name', { whole: true, modifier: null, nested: null }]]),
                    },
                  },
                ],
              ]),
            },
          },
        ],
        [
          'description',
          {
            whole: true,
            modifier: { name: 'excerpt', max: 200, withEllipsis: true },
            nested: null,
          },
        ],
      ]),
    });
  });

  it.each([
    ['d:excerpt(10)', 10, false],
    ['d:excerpt(10,true)', 10, true],
    ['d:excerpt( 10 , 1 )', 10, true],
    ['d:excerpt(10,t)', 10, true],
    ['d:excerpt(10,T)', 10, true],
    ['d:excerpt(10,TRUE)', 10, true],
    ['d:excerpt(10,True)', 10, true],
    ['d:excerpt(10,false)', 10, false],
    ['d:excerpt(10,0)', 10, false],
    ['d:excerpt(10,f)', 10, false],
    ['d:excerpt(10,F)', 10, false],
    ['d:excerpt(10,FALSE)', 10, false],
    ['d:excerpt(10,False)', 10, false],
    [' d : excerpt (5) ', 5, false],
    ['d:excerpt(007)', 7, false],
  ])('parses the modifier in %j', (input, max, withEllipsis) => {
    expect(spec(input).keys.get('d')?.modifier).toEqual({ name: 'excerpt', max, withEllipsis });
  });

  it.each([
    'd:excerpt',
    'd:excerpt()',
    'd:excerpt( )',
    'd:excerpt(0)',
    'd:excerpt(-5)',
    'd:excerpt(1.5)',
    'd:excerpt(abc)',
    'd:excerpt(10,yes)',
    'd:excerpt(10,true,1)',
    'd:excerpt(10,)',
    'd:excerpt(,10)',
    'd:unknown(10)',
    'd:lower',
    'd:',
    'd:excerpt(10',
    'd:excerpt10)',
    'd:excerpt((10))',
    'd:excerpt(10) x',
    'a,b)',
    'a,(b',
    ':excerpt(0)',
  ])('rejects %j', (input) => {
    expect(() => parseFields(input)).toThrow(FieldsSyntaxError);
  });

  it('does not split on commas inside parentheses', () => {
    const parsed = spec('a:excerpt(5, true),b');
    expect([...parsed.keys.keys()]).toEqual(['a', 'b']);
  });

  it('lets the last occurrence of a path decide its modifier', () => {
    expect(spec('d:excerpt(5),d').keys.get('d')?.modifier).toBeNull();
    expect(spec('d,d:excerpt(5)').keys.get('d')?.modifier).toEqual({
      name: 'excerpt',
      max: 5,
      withEllipsis: false,
    });
  });

  it('treats * as a wildcard only as the last path segment', () => {
    expect(spec('*.a').keys.has('*')).toBe(true);
    expect(spec('a.*').keys.get('a')?.nested?.wildcard).toEqual({ modifier: null });
  });

  it('rejects non-string input with FieldsSyntaxError', () => {
    expect(() => parseFields(42 as unknown as string)).toThrow(FieldsSyntaxError);
  });
});

describe('pickFields', () => {
  it.each<[string, unknown]>([
    ['id', { id: 'p1' }],
    ['id,title', { id: 'p1', title: 'Hello' }],
    ['title,id', { id: 'p1', title: 'Hello' }],
    ['missing', {}],
    ['id,missing', { id: 'p1' }],
    ['tags', { tags: ['a', 'b'] }],
    ['id,expand.author.name', { id: 'p1', expand: { author: { name: 'Ann' } } }],
    ['expand.author.*', { expand: { author: record.expand.author } }],
    ['expand.author', { expand: { author: record.expand.author } }],
    ['expand.missing.name', { expand: {} }],
    ['expand.comments.id', { expand: { comments: [{ id: 'c1' }, { id: 'c2' }] } }],
    ['expand,expand.author.name', { expand: record.expand }],
    ['expand.author.name,expand', { expand: record.expand }],
    ['title.length', { title: 'Hello' }],
    ['views.x,tags.x', { tags: ['a', 'b'], views: 3 }],
    ['id,description:excerpt(9,true)', { id: 'p1', description: 'Some long...' }],
    ['description:excerpt(100)', { description: 'Some long description' }],
    ['views:excerpt(1),tags:excerpt(1)', { tags: ['a', 'b'], views: 3 }],
    [
      'expand.comments.text:excerpt(5,1)',
      { expand: { comments: [{ text: 'first...' }, { text: 'secon...' }] } },
    ],
    ['expand.author.bio:excerpt(50)', { expand: { author: { bio: 'Writer' } } }],
  ])('picks %j', (fields, expected) => {
    expect(pickFields(record, spec(fields))).toEqual(expected);
  });

  it('keeps every key with * and narrows the explicitly listed ones', () => {
    const picked = pickFields(record, spec('*,expand.author.name'));
    expect(picked).toEqual({ ...record, expand: { author: { name: 'Ann' } } });
    expect(Object.keys(picked as object)).toEqual(Object.keys(record));
  });

  it('applies a modifier given to * only to the keys it adds', () => {
    expect(pickFields({ a: '<b>aaaa</b>', b: 'bbbb', n: 1 }, spec('*:excerpt(2),b'))).toEqual({
      a: 'aa',
      b: 'bbbb',
      n: 1,
    });
  });

  it('keeps the original key order', () => {
    expect(Object.keys(pickFields(record, spec('views,id,title')) as object)).toEqual([
      'id',
      'title',
      'views',
    ]);
  });

  it('applies to each element of an array', () => {
    expect(
      pickFields([{ id: 1, x: 1 }, { id: 2, x: 2 }, 'str', null, [{ id: 3, y: 3 }]], spec('id')),
    ).toEqual([{ id: 1 }, { id: 2 }, 'str', null, [{ id: 3 }]]);
  });

  it('returns scalars and non-plain objects unchanged', () => {
    const date = new Date(0);
    expect(pickFields('text', spec('id'))).toBe('text');
    expect(pickFields(null, spec('id'))).toBeNull();
    expect(pickFields(date, spec('id'))).toBe(date);
  });

  it('does not mutate its input', () => {
    const copy = structuredClone(record);
    pickFields(record, spec('id,expand.author.name,description:excerpt(3)'));
    expect(record).toEqual(copy);
  });

  it('treats __proto__ as an ordinary key', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "id": 1}') as unknown;
    const picked = pickFields(value, spec('__proto__,id')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(picked)).toBe(Object.prototype);
    expect(Object.keys(picked)).toEqual(['__proto__', 'id']);
    expect(pickFields(value, spec('id'))).toEqual({ id: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('pickListFields', () => {
  const envelope = {
    items: [record, { ...record, id: 'p2', title: 'Second' }],
    page: 1,
    perPage: 30,
    totalItems: 2,
    totalPages: 1,
  };

  it('keeps the envelope keys and picks inside each item', () => {
    expect(pickListFields(envelope, spec('id,expand.author.name'))).toEqual({
      items: [
        { id: 'p1', expand: { author: { name: 'Ann' } } },
        { id: 'p2', expand: { author: { name: 'Ann' } } },
      ],
      page: 1,
      perPage: 30,
      totalItems: 2,
      totalPages: 1,
    });
  });

  it('keeps envelope keys even when the fields name none of them', () => {
    expect(pickListFields(envelope, spec('title'))).toEqual({
      items: [{ title: 'Hello' }, { title: 'Second' }],
      page: 1,
      perPage: 30,
      totalItems: 2,
      totalPages: 1,
    });
  });

  it('handles an empty page', () => {
    expect(
      pickListFields(
        { items: [], page: 3, perPage: 30, totalItems: -1, totalPages: -1 },
        spec('id'),
      ),
    ).toEqual({ items: [], page: 3, perPage: 30, totalItems: -1, totalPages: -1 });
  });
});
