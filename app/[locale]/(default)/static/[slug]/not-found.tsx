import { ErrorNotice } from '@/components/errors/error-notice';

export default function StaticPageNotFound() {
  return <ErrorNotice kind="invalidParam" />;
}
