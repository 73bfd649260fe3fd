'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiClientError } from '@/lib/api-client';
import { readBackup, startingAnswers, writeBackup } from '@/lib/requests/draft-backup';
import { requestKeys, saveStep } from '@/lib/requests/requests-api';
import type { RequestDetails, RequestSummary } from '@/lib/contract/requests';
import type { RequestStep } from '@/lib/requests/steps';

export const AUTOSAVE_DELAY_MS = 800;
const RETRY_MS = 5000;

export type SaveState = 'saved' | 'saving' | 'unsaved' | 'offline';

type Answers = Record<string, unknown>;

/**
 * A draft being filled in: answers per step, autosaved with the request's
 * version (debounced, and at once on blur and on step change), backed up in
 * the browser until the server has them. A stale version (another tab saved
 * first) brings the newer answers and raises `conflict`.
 */
export function useDraft(request: RequestDetails) {
  const queryClient = useQueryClient();
  const [start] = useState(() => {
    const backup = readBackup(request.id);
    // A backup of an older version is spent either way (already on the server, or overtaken): dropped.
    if (backup && backup.version !== request.version) writeBackup(request.id, { version: request.version, unsaved: {} });
    return startingAnswers(request, backup);
  });
  const [answers, setAnswersState] = useState<Answers>(start.answers);
  const [saveState, setSaveState] = useState<SaveState>(Object.keys(start.unsaved).length ? 'unsaved' : 'saved');
  const [savedAt, setSavedAt] = useState<Date | null>(request.updated_at ? new Date(request.updated_at) : null);
  const [conflict, setConflict] = useState(start.stale);
  const [completed, setCompleted] = useState<string[]>(request.completed_steps);

  const version = useRef(request.version);
  const unsaved = useRef<Answers>(start.unsaved);
  // The latest answers, for saves that run after the render that changed them.
  const answersRef = useRef<Answers>(start.answers);
  const setAnswers = useCallback((next: (current: Answers) => Answers) => {
    answersRef.current = next(answersRef.current);
    setAnswersState(answersRef.current);
  }, []);
  const timer = useRef<number | undefined>(undefined);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const backup = useCallback(() => writeBackup(request.id, { version: version.current, unsaved: unsaved.current }), [request.id]);

  const applyServer = useCallback(
    (fresh: RequestDetails) => {
      version.current = fresh.version;
      unsaved.current = {};
      backup();
      setAnswers(() => fresh.data);
      setCompleted(fresh.completed_steps);
      queryClient.setQueryData(requestKeys.one(request.id), fresh);
    },
    [backup, queryClient, request.id, setAnswers],
  );

  /** Sends one step; runs after any save already under way. */
  const send = useCallback(
    (step: string, complete: boolean) => {
      const run = async (): Promise<RequestSummary> => {
        const data = step in unsaved.current ? unsaved.current[step] : answersRef.current[step];
        setSaveState('saving');
        try {
          const saved = await saveStep(request.id, { step, data: data ?? {}, version: version.current, complete });
          version.current = saved.version;
          // Keep what was typed meanwhile: only the answers just sent are now safe.
          if (unsaved.current[step] === data) delete unsaved.current[step];
          backup();
          setCompleted(saved.completed_steps);
          setSavedAt(new Date(saved.updated_at));
          setSaveState(Object.keys(unsaved.current).length ? 'unsaved' : 'saved');
          return saved;
        } catch (error) {
          if (error instanceof ApiClientError && error.status === 409 && error.body && 'data' in error.body) {
            applyServer((error.body as { data: RequestDetails }).data);
            setConflict(true);
            setSaveState('saved');
          } else if (!(error instanceof ApiClientError)) {
            setSaveState('offline');
          } else {
            setSaveState(Object.keys(unsaved.current).length ? 'unsaved' : 'saved');
          }
          throw error;
        }
      };
      const next = queue.current.then(run, run);
      queue.current = next.catch(() => undefined);
      return next;
    },
    [applyServer, backup, request.id],
  );

  /** Saves every step with unsent answers now. */
  const flush = useCallback(async () => {
    window.clearTimeout(timer.current);
    for (const step of Object.keys(unsaved.current)) {
      await send(step, false).catch(() => undefined);
    }
  }, [send]);

  /** Records a change: kept in the browser at once, sent after a short pause. */
  const update = useCallback(
    (step: RequestStep, data: unknown) => {
      unsaved.current = { ...unsaved.current, [step]: data };
      backup();
      setAnswers((current) => ({ ...current, [step]: data }));
      setSaveState('unsaved');
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [backup, flush, setAnswers],
  );

  /** "Continue": saves the step and has the server check it; rejects with the field errors. */
  const complete = useCallback(
    async (step: RequestStep, data?: unknown) => {
      if (data !== undefined) {
        unsaved.current = { ...unsaved.current, [step]: data };
        setAnswers((current) => ({ ...current, [step]: data }));
      }
      window.clearTimeout(timer.current);
      await flush();
      return send(step, true);
    },
    [flush, send, setAnswers],
  );

  // Unsent answers go out as soon as the connection is back, and are retried meanwhile.
  useEffect(() => {
    const retry = () => {
      if (Object.keys(unsaved.current).length) void flush();
    };
    window.addEventListener('online', retry);
    const interval = window.setInterval(retry, RETRY_MS);
    retry();
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(interval);
      window.clearTimeout(timer.current);
    };
  }, [flush]);

  return { answers, update, flush, complete, saveState, savedAt, conflict, dismissConflict: () => setConflict(false), completed };
}

export type Draft = ReturnType<typeof useDraft>;
