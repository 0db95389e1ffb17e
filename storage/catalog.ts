import type { Db } from './db.ts';
import { newId } from '../core/ids.ts';

const DEFAULT_MATERIALS = [
  'Architectural asphalt shingles',
  'Standing seam metal',
  'Clay tile',
  'Slate',
  'Cedar shake',
];
const DEFAULT_COLORS: [string, string][] = [
  ['Charcoal Gray', '#3b3d40'],
  ['Weathered Wood', '#6b5d4f'],
  ['Barkwood Brown', '#5a4632'],
  ['Onyx Black', '#1e1e20'],
  ['Slate Blue', '#4a5a6a'],
  ['Terracotta', '#b5583a'],
  ['Forest Green', '#2f4a3a'],
  ['Pewter Gray', '#8a8d8f'],
];
const DEFAULT_SHAPES: [string, string][] = [
  ['Gable', 'gable'],
  ['Hip', 'hip'],
  ['Dutch gable', 'dutch_gable'],
  ['Mansard', 'mansard'],
  ['Flat', 'flat'],
];

/** Seeds a new workspace's visualizer catalog so a partner can generate without set-up. */
export async function insertDefaultCatalog(sql: Db, workspaceId: string): Promise<void> {
  const materials = DEFAULT_MATERIALS.map((name, i) => ({
    id: newId('mat'),
    workspace_id: workspaceId,
    name,
    sort_order: i,
  }));
  const colors = DEFAULT_COLORS.map(([name, hex_code], i) => ({
    id: newId('col'),
    workspace_id: workspaceId,
    name,
    hex_code,
    sort_order: i,
  }));
  const shapes = DEFAULT_SHAPES.map(([name, roof_type], i) => ({
    id: newId('shp'),
    workspace_id: workspaceId,
    name,
    roof_type,
    sort_order: i,
  }));
  await sql`insert into catalog_materials ${sql(materials)}`;
  await sql`insert into catalog_colors ${sql(colors)}`;
  await sql`insert into catalog_shapes ${sql(shapes)}`;
}

export interface Catalog {
  materials: { id: string; name: string }[];
  colors: { id: string; name: string; hex_code: string | null }[];
  shapes: { id: string; name: string; roof_type: string | null }[];
}

export async function listCatalog(sql: Db, workspaceId: string): Promise<Catalog> {
  const [materials, colors, shapes] = await Promise.all([
    sql<
      Catalog['materials']
    >`select id, name from catalog_materials where workspace_id = ${workspaceId} order by sort_order, id`,
    sql<
      Catalog['colors']
    >`select id, name, hex_code from catalog_colors where workspace_id = ${workspaceId} order by sort_order, id`,
    sql<
      Catalog['shapes']
    >`select id, name, roof_type from catalog_shapes where workspace_id = ${workspaceId} order by sort_order, id`,
  ]);
  return { materials: [...materials], colors: [...colors], shapes: [...shapes] };
}

export interface CatalogSelection {
  material_id?: string | null;
  color_id?: string | null;
  shape_id?: string | null;
}

/** The selection's field names whose id is not in the workspace's catalog. */
export async function findUnknownCatalogIds(
  sql: Db,
  workspaceId: string,
  sel: CatalogSelection,
): Promise<(keyof CatalogSelection)[]> {
  const [row] = await sql<Record<keyof CatalogSelection, boolean>[]>`
    select
      ${sel.material_id ?? null}::text is not null and not exists (
        select 1 from catalog_materials where workspace_id = ${workspaceId} and id = ${sel.material_id ?? null}) as material_id,
      ${sel.color_id ?? null}::text is not null and not exists (
        select 1 from catalog_colors where workspace_id = ${workspaceId} and id = ${sel.color_id ?? null}) as color_id,
      ${sel.shape_id ?? null}::text is not null and not exists (
        select 1 from catalog_shapes where workspace_id = ${workspaceId} and id = ${sel.shape_id ?? null}) as shape_id`;
  return (Object.keys(row!) as (keyof CatalogSelection)[]).filter((k) => row![k]);
}

/** The colour a generation uses when none was chosen: the first in catalog order. */
export async function findDefaultColorId(sql: Db, workspaceId: string): Promise<string | undefined> {
  const [row] = await sql<{ id: string }[]>`
    select id from catalog_colors where workspace_id = ${workspaceId} order by sort_order, id limit 1`;
  return row?.id;
}
