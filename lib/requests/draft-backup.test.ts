import { describe, expect, it } from 'vitest';
import { startingAnswers } from './draft-backup';

const server = { version: 4, data: { service: { package: 'premium', travel_month: '12-1448' }, applicant: { full_name_ar: 'عائشة' } } };

describe('where the wizard starts from', () => {
  it('puts the unsent answers typed on this version on top of the server\'s', () => {
    const start = startingAnswers(server, { version: 4, unsaved: { service: { package: 'economy' } } });
    expect(start).toEqual({ answers: { ...server.data, service: { package: 'economy' } }, unsaved: { service: { package: 'economy' } }, stale: false });
  });

  it('shows the newer answers and says so when another tab saved something else first', () => {
    const start = startingAnswers(server, { version: 3, unsaved: { service: { package: 'economy', travel_month: '12-1448' } } });
    expect(start).toEqual({ answers: server.data, unsaved: {}, stale: true });
  });

  it('is not a conflict when the server already has exactly the answers of an older version (the page was left while its own save was on its way)', () => {
    // The keys in another order, as the database's JSON may give them back.
    const start = startingAnswers(server, { version: 3, unsaved: { service: { travel_month: '12-1448', package: 'premium' } } });
    expect(start).toEqual({ answers: server.data, unsaved: {}, stale: false });
  });

  it('starts from the server alone without a backup', () => {
    expect(startingAnswers(server, null)).toEqual({ answers: server.data, unsaved: {}, stale: false });
  });
});
