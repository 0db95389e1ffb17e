import { describe, expect, it } from 'vitest';
import DxfParserModule from 'dxf-parser';
import { exportBaseName, projectNameOfUpload } from '../../core/reportNames.ts';
import { safeFileName } from '../../storage/blobs.ts';
import { parseFile } from '../../tasks/report_import/parseFile.ts';
import { summarize } from '../../tasks/report_import/summary.ts';
import type { ExportModel } from '../../tasks/report_export/model.ts';
import { writeDxf } from '../../tasks/report_export/writeDxf.ts';
import { hoverRoofMeasurementsPdf } from '../fixtures/reports/hover.ts';

// dxf-parser's CommonJS build exports the class itself, which its typings call the default export.
const DxfParser = DxfParserModule as unknown as new () => {
  parseSync(text: string): { entities: { type: string; layer: string; text?: string }[] };
};

async function modelOfPdf(): Promise<ExportModel> {
  const outcome = summarize([await parseFile('hover.pdf', await hoverRoofMeasurementsPdf(), { alone: true })]);
  if (outcome.status === 'failed') throw new Error(outcome.reason);
  return {
    report_id: 'rpt_1',
    project_name: '41 Quarry Lane, Mapleton, OR 97453',
    external_report_id: null,
    address: outcome.summary.address,
    location: { label: null, lat: null, long: null },
    status: outcome.status,
    revision_id: 'rrev_1',
    revision_number: 1,
    summary: outcome.summary,
    geometry: outcome.measurements.geometry ?? null,
    generated_at: new Date(0).toISOString(),
  };
}

describe('the DXF export of a report imported from a PDF', () => {
  it('says why it has no plan and lists the figures and facets that are known, as text a CAD program opens', async () => {
    const dxf = new DxfParser().parseSync(writeDxf(await modelOfPdf()).toString('utf8'));
    const notes = dxf.entities.filter((e) => e.type === 'TEXT' && e.layer === 'NOTES').map((e) => e.text);
    expect(notes[0]).toMatch(/^No roof plan to draw: hover\.pdf \(pdf\) is a printed report/);
    expect(notes).toEqual(
      expect.arrayContaining([
        'Roof area 2,140 sq ft',
        'Predominant pitch 7/12',
        'Facets 8',
        'RF-1: 700 sq ft at 7/12',
        'Ridges 60.25 ft',
        'Hips 28.25 ft',
        'Eaves 120 ft',
      ]),
    );
  });
});

describe('artifact file names', () => {
  const base = (project: string) => exportBaseName(project, 1, (n) => safeFileName(n, 'report'));

  it.each([
    ['roof report.pdf', 'roof_report-r1'],
    ['EV-48213907.PDF', 'EV-48213907-r1'],
    ['package.pdf.zip', 'package-r1'],
    ['41 Quarry Lane, Mapleton, OR 97453', '41_Quarry_Lane_Mapleton_OR_97453-r1'],
    ['Gable job 12', 'Gable_job_12-r1'],
    ['v1.2 estimate', 'v1.2_estimate-r1'],
  ])('a project named %j exports as %s.<format>', (project, want) => expect(base(project)).toBe(want));

  it.each([
    ['hover-report.pdf', 'hover-report'],
    ['jobs/2025/measurements.json', 'measurements'],
    ['package.xml.zip', 'package'],
    ['.pdf', '.pdf'],
  ])('an upload of %s is named %s until its import names it', (file, project) =>
    expect(projectNameOfUpload(file)).toBe(project),
  );
});
