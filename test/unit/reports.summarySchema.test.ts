import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ReportSummary } from '../../api/schemas/reports.ts';

type Schema = { [k: string]: unknown; properties?: Record<string, Schema>; items?: Schema; $ref?: string };

/** Every property path of the schema (through arrays and $refs) that carries no description. */
function undescribed(root: Schema): { fields: number; undescribed: string[] } {
  const defs = (root.$defs ?? {}) as Record<string, Schema>;
  const resolve = (s: Schema): Schema =>
    s.$ref ? resolve(s.$ref === '#' ? root : defs[s.$ref.split('/').pop()!]!) : s;
  const anyOf = (s: Schema) => ((s.anyOf ?? s.oneOf) as Schema[] | undefined) ?? [s];
  const out: string[] = [];
  let fields = 0;
  const seen = new Set<Schema>();
  const walk = (s: Schema, path: string) => {
    for (const variant of anyOf(resolve(s))) {
      const node = resolve(variant);
      if (seen.has(node)) continue;
      seen.add(node);
      for (const [name, prop] of Object.entries(node.properties ?? {})) {
        fields++;
        const described = [prop, resolve(prop), ...anyOf(resolve(prop)).map(resolve)].some((p) => p.description);
        if (!described) out.push(`${path}.${name}`);
        walk(prop, `${path}.${name}`);
      }
      if (node.items) walk(node.items, `${path}[]`);
    }
  };
  walk(root, 'ReportSummary');
  return { fields, undescribed: out };
}

describe('ReportSummary in the OpenAPI document', () => {
  it('describes every field, nested ones too', () => {
    const schema = z.toJSONSchema(ReportSummary, { target: 'draft-2020-12', unrepresentable: 'any' }) as Schema;
    const found = undescribed(schema);
    // The summary's own fields, its lengths, facets, pitch and waste rows, structures and sources.
    expect(found.fields).toBeGreaterThan(40);
    expect(found.undescribed).toEqual([]);
  });
});
