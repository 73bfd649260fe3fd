// Whose requests the queue shows (issue 41, item 1). It opens on my work; a
// search looks through everyone's, since a reference typed in is meant to be
// found whoever has it. An explicit view in the URL always wins.

export type QueueView = 'mine' | 'unassigned' | 'all';

export function queueView(params: URLSearchParams): QueueView {
  const view = params.get('view');
  if (view === 'mine' || view === 'unassigned' || view === 'all') return view;
  return params.get('q') ? 'all' : 'mine';
}

/** The query the API is asked: the URL's, with the view it resolves to. */
export function apiQuery(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.set('view', queueView(params));
  return next.toString();
}
