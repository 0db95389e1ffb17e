import { importedAlone } from '../helpers/reportImports.ts';
import { describe, expect, it } from 'vitest';
import { classifyEdges, facetPlane, type Point3 } from '../../core/roofGeometry.ts';
import type { ExportModel } from '../../tasks/report_export/model.ts';
import { writeDxf } from '../../tasks/report_export/writeDxf.ts';
import { CROSS_GABLE, GABLE, HIP, faces3dDxf, model3dDxf } from '../fixtures/reports/models3d.ts';

const SLOPE = Math.sqrt(1.25);

const imported = importedAlone;

const close = (n: number) => expect.closeTo(n, 1);

describe('facet planes', () => {
  it('give a facet its true area, plan area and pitch from its vertices, whichever way it winds', () => {
    const facet: Point3[] = GABLE[0]!;
    for (const f of [facet, [...facet].reverse()]) {
      const plane = facetPlane(f);
      expect(plane.planArea).toBeCloseTo(600, 6);
      expect(plane.area).toBeCloseTo(600 * SLOPE, 6);
      expect(plane.rise).toBeCloseTo(6, 6);
      expect(plane.normal[2]).toBeGreaterThan(0);
    }
  });

  it('classify a hip roof: one ridge, four hips, four eaves', () => {
    const lines = classifyEdges(HIP, 0.01)!;
    const total = (kind: string) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.length, 0);
    expect(lines.filter((l) => l.kind === 'hip')).toHaveLength(4);
    expect([total('ridge'), total('hip'), total('eave'), total('rake'), total('valley')]).toEqual([
      close(10),
      close(90),
      close(140),
      0,
      0,
    ]);
  });
});

describe('3D roof models (DXF of closed 3D polylines)', () => {
  it('measures a gable: area, pitch and every line from the geometry', async () => {
    const { status, summary } = await imported('gable.dxf', model3dDxf(GABLE, { insunits: 2 }));
    expect(status).toBe('draft');
    expect(summary).toMatchObject({
      total_area_sqft: close(1200 * SLOPE),
      predominant_pitch: '6/12',
      facet_count: 2,
      areas_per_pitch: [{ pitch: '6/12', area_sqft: close(1200 * SLOPE) }],
      lengths_ft: {
        ridge: 40,
        hip: 0,
        valley: 0,
        eave: 80,
        rake: close(4 * 15 * SLOPE),
        drip_edge: close(80 + 60 * SLOPE),
      },
      warnings: [],
    });
    expect(summary.facets.map((f) => f.area_sqft)).toEqual([close(600 * SLOPE), close(600 * SLOPE)]);
  });

  it('measures a hip roof: trapezoids and triangles, hips told from the ridge', async () => {
    const { summary } = await imported('hip.dxf', model3dDxf(HIP, { insunits: 2 }));
    expect(summary).toMatchObject({
      total_area_sqft: close(1200 * SLOPE),
      facet_count: 4,
      lengths_ft: { ridge: 10, hip: 90, valley: 0, eave: 140, rake: 0 },
    });
    expect(summary.facets.map((f) => f.area_sqft)).toEqual([
      close(375 * SLOPE),
      close(375 * SLOPE),
      close(225 * SLOPE),
      close(225 * SLOPE),
    ]);
  });

  it('measures a cross gable: valleys where the wing meets the main roof, a notched facet', async () => {
    const { summary } = await imported('cross.dxf', model3dDxf(CROSS_GABLE, { insunits: 2 }));
    expect(summary).toMatchObject({
      total_area_sqft: close(1600 * SLOPE),
      facet_count: 4,
      lengths_ft: {
        ridge: 70,
        hip: 0,
        valley: 30,
        eave: 100,
        rake: close(60 * SLOPE + 20 * SLOPE),
      },
    });
    expect(summary.facets.map((f) => f.area_sqft)).toEqual([
      close(600 * SLOPE),
      close(500 * SLOPE),
      close(250 * SLOPE),
      close(250 * SLOPE),
    ]);
  });

  it('reads 3DFACEs the same way', async () => {
    const { summary } = await imported('faces.dxf', faces3dDxf(HIP));
    expect(summary).toMatchObject({ total_area_sqft: close(1200 * SLOPE), facet_count: 4, lengths_ft: { hip: 90 } });
  });

  it('reads a model without units as metres when it is a few metres across, and says so', async () => {
    const metres = 0.3048;
    const { summary } = await imported(
      'm.dxf',
      model3dDxf(
        [...CROSS_GABLE, ...HIP.map((f) => f.map(([x, y, z]): [number, number, number] => [x + 50, y, z]))].slice(0, 8),
        { scale: metres },
      ),
    );
    expect(summary.total_area_sqft).toEqual(close((1600 + 1200) * SLOPE));
    expect(summary.warnings).toEqual([expect.stringMatching(/^Drawing units are not stated; .* reads as metres/)]);
  });

  it('exports a 3D model as 3D polylines that read back to the same figures', async () => {
    const { summary, measurements } = await imported('cross.dxf', model3dDxf(CROSS_GABLE, { insunits: 2 }));
    const model: ExportModel = {
      report_id: 'rpt_1',
      project_name: 'Cross gable',
      external_report_id: null,
      address: null,
      location: { label: null, lat: null, long: null },
      status: 'draft',
      revision_id: 'rrev_1',
      revision_number: 1,
      summary,
      geometry: measurements.geometry ?? null,
      generated_at: new Date(0).toISOString(),
    };
    const again = await imported('again.dxf', writeDxf(model).toString('utf8'));
    expect(again.summary).toMatchObject({
      total_area_sqft: summary.total_area_sqft,
      facet_count: 4,
      lengths_ft: { ridge: 70, valley: 30, eave: 100, rake: summary.lengths_ft.rake },
    });
  });
});
