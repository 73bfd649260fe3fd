import { ErrorNotice } from '@/components/errors/error-notice';

// An address that matches no route: a localized, non-fatal 404 inside the default layout.
export default function NotFound() {
  return <ErrorNotice kind="notFound" />;
}
