'use client';

import { useEffect } from 'react';
import { ErrorNotice } from '@/components/errors/error-notice';
import { isChunkLoadError, reloadToTarget } from '@/lib/build/chunk-error';

export default function DefaultError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadToTarget();
  }, [error]);
  return <ErrorNotice kind="serverError" />;
}
