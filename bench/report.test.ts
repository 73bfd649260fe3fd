import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the bench, without types
import { keptSection, report } from './report.mjs';
// @ts-expect-error -- a plain ES module of the bench, without types
import { floorOf } from './load.mjs';

const figure = (rps: number, p99 = 20) => ({ rps, p50: 10, p99, total: rps * 10, errors: 0, kinds: '' });
const options = { duration: 10, memoryDuration: 60, connections: 50, lighthouseRounds: 5, warmup: 5 };

/** One database's API figures, the floor run before the list, between the list and the autosave, and after the autosave. */
function database(floors: number[], list: number, autosave: number) {
  const runs = floors.map((rps) => figure(rps));
  const api = {
    floor: floorOf(runs),
    floorBeside: { list: floorOf(runs.slice(0, 2)), autosave: floorOf(runs.slice(1, 3)) },
    list: figure(list),
    autosave: figure(autosave),
    notifications: figure(400),
    login: figure(20),
    quietList: figure(100, 20),
    quietAutosave: figure(100, 20),
    mixed: figure(500),
  };
  return { name: 'PostgreSQL', api, rss: { idle: 100, after: 200 } };
}

describe('the bench report', () => {
  it('sets each budgeted API route beside the floor measured just before and after it', () => {
    // The machine slowed down during the run: 1,400 req/s at first, 1,000 by the end.
    const { markdown, missed } = report({ date: 'now', machine: 'here', options, pages: null, databases: [database([1400, 1200, 1000], 660, 540)] });
    // The list beside (1,400 + 1,200) / 2 = 1,300 is 0.51; the autosave beside 1,100 is 0.49.
    expect(markdown).toContain('| GET /api/v1/requests (20 items) | 660 | 0.51 |');
    expect(markdown).toContain('| PATCH /api/v1/requests/{id} (autosave) | 540 | 0.49 |');
    expect(missed).toEqual([expect.stringContaining('PATCH /api/v1/requests/{id} (autosave) on PostgreSQL: 540 req/s (0.49 of its floor, 1,100)')]);
    expect(markdown).toContain('(1,400, 1,200, 1,000 req/s)');
  });

  it('passes both routes when each is at least half of its own floor', () => {
    const { missed } = report({ date: 'now', machine: 'here', options, pages: null, databases: [database([1000, 1000, 1000], 500, 500)] });
    expect(missed).toEqual([]);
  });
});

describe('what the bench keeps of the file it replaces', () => {
  it('keeps the opening-day section, written from another command, up to the next section', () => {
    const previous = ['# Performance', '', '## API on PGlite', 'old figures', '', '## Opening day (npm run load -- --opening-day)', '', '| a | b |', '', '## Budgets missed', 'None.', ''].join('\n');
    expect(keptSection(previous)).toBe('## Opening day (npm run load -- --opening-day)\n\n| a | b |\n');
    expect(keptSection('# Performance\n\n## Opening day\nlast line')).toBe('## Opening day\nlast line\n');
  });

  it('keeps the opening-minute section too, each in the order it had (the bench dropped it before)', () => {
    const previous = ['# Performance', '## Pages', 'x', '## The opening minute (npm run load -- --opening-minute)', '| m |', '', '## Opening day (npm run load -- --opening-day)', '| d |', '## Budgets missed', ''].join('\n');
    expect(keptSection(previous)).toBe('## The opening minute (npm run load -- --opening-minute)\n| m |\n\n## Opening day (npm run load -- --opening-day)\n| d |\n');
  });

  it('keeps nothing when there is no such section, or no file', () => {
    expect(keptSection('# Performance\n\n## Budgets missed\nNone.\n')).toBe('');
    expect(keptSection(undefined)).toBe('');
  });
});
