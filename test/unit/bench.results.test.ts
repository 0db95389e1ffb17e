import { describe, expect, it } from 'vitest';
import { SCENARIOS, machineLine, parseSections, renderResults, sectionOf } from '../../bench/results.ts';

/** How `npm run bench` files its figures in bench/RESULTS.md (no benchmark runs here). */
const scenario = (name: string) => SCENARIOS.find((s) => s.name === name)!;

describe('bench/RESULTS.md', () => {
  it('replaces the section of a scenario run again and keeps every other', () => {
    const first = new Map([
      ['api', sectionOf(scenario('api'), 'then', '## GET /me\n\n| a | b |', 0)],
      ['batches', sectionOf(scenario('batches'), 'then', 'batch figures', 0)],
    ]);
    const file = renderResults(first);
    const sections = parseSections(file);
    sections.set('batches', sectionOf(scenario('batches'), 'now', 'new batch figures', 0));
    const again = parseSections(renderResults(sections));
    expect([...again.keys()]).toEqual(['api', 'batches']);
    expect(again.get('api')).toBe(first.get('api'));
    expect(again.get('batches')).toContain('Measured now.');
    expect(again.get('batches')).toContain('new batch figures');
    expect(again.get('batches')).not.toContain('Measured then.');
  });

  it('files sections in the scenarios’ order, each with its date, machine and target, and names what is not measured yet', () => {
    const file = renderResults(
      new Map([
        ['batches', sectionOf(scenario('batches'), machineLine(new Date('2026-11-27T10:00:00Z')), 'x', 0)],
        ['api', sectionOf(scenario('api'), 'then', 'y', 1)],
      ]),
    );
    expect(file.indexOf('bench:api')).toBeLessThan(file.indexOf('bench:batches'));
    expect(file).toMatch(/Measured 2026-11-27 10:00 UTC · \d+ cores, .+ · Node v\d+/);
    expect(file).toContain(`Target: ${scenario('batches').target}`);
    expect(file).toContain('exit code 1');
    expect(file).toMatch(/Not measured yet: web-concurrency, analytics/);
    // A script's own headings sit one level below the scenario's.
    expect(renderResults(new Map([['api', sectionOf(scenario('api'), 'm', '## GET /me', 0)]]))).toContain(
      '\n### GET /me',
    );
  });
});
